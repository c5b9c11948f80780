import { PlusOutlined } from '@ant-design/icons';
import {
  TOOL_INSPECT_RESULTS,
  type Tool,
  type ToolInspectHistory,
  toolInspectHistoryCreateBody,
  translateMessage,
} from '@eqms/contract';
import { Button, Col, DatePicker, Drawer, Form, Input, Row, Select, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../app/permissions.ts';
import { useAppStore } from '../../../app/store.ts';
import { type DataColumn, DataTable } from '../../../components/DataTable.tsx';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { showSaveError, zodRule } from '../../../components/formErrors.ts';
import { rowActionsColumn } from '../../../components/RowAction.tsx';
import { confirmRemove } from '../../../components/confirm-remove.ts';
import { type InspectFormValues, useInspectApi, useInspectHistories } from '../tool.queries.ts';
import { dateItemProps } from './ToolFormDialog.tsx';

const shape = toolInspectHistoryCreateBody.shape;

export function ResultTag({ result }: { result: string }) {
  const { t } = useTranslation('tool');
  return (
    <Tag color={result === 'PASS' ? 'green' : 'red'} data-testid={`inspect-result-${result}`}>
      {t(`results.${result}`)}
    </Tag>
  );
}

/** The inspection history of one tool: newest first, add/edit in a form, delete single and bulk. */
export function InspectHistoryDrawer({ tool, onClose }: { tool: Tool | null; onClose: () => void }) {
  const { t } = useTranslation(['tool', 'common']);
  const canCreate = useCan('tools', 'create');
  const canModify = useCan('tools', 'modify');
  const canDelete = useCan('tools', 'delete');
  const list = useInspectHistories(tool?.id ?? null);
  const inspectApi = useInspectApi(tool?.id ?? 0);
  const [editing, setEditing] = useState<ToolInspectHistory | null | undefined>(undefined);

  const remove = async (rows: ToolInspectHistory[]) => {
    await inspectApi.remove(rows.map((r) => r.id));
    useAppStore.getState().notify(t('common:messages.deleted'), 'success');
  };
  const removeOne = (row: ToolInspectHistory) =>
    confirmRemove(t('messages.confirmDeleteInspection', { date: row.inspectDate }), () => remove([row]));

  const columns: DataColumn<ToolInspectHistory>[] = [
    { key: 'inspectDate', title: t('inspect.inspectDate'), dataIndex: 'inspectDate', width: 110, sorter: true },
    { key: 'inspector', title: t('inspect.inspector'), dataIndex: 'inspector', width: 100 },
    { key: 'content', title: t('inspect.content'), dataIndex: 'content', width: 200 },
    {
      key: 'result',
      title: t('inspect.result'),
      width: 90,
      render: (r) => <ResultTag result={r.result} />,
      exportValue: (r) => t(`results.${r.result}`),
      sorter: (a, b) => a.result.localeCompare(b.result),
    },
    { key: 'nextInspectDate', title: t('inspect.nextInspectDate'), dataIndex: 'nextInspectDate', width: 110 },
    { key: 'description', title: t('inspect.description'), dataIndex: 'description', width: 160 },
  ];
  columns.push(
    ...rowActionsColumn<ToolInspectHistory>({
      title: t('fields.actions'),
      testId: 'inspect',
      rowId: (r) => r.id,
      canModify,
      canDelete,
      onEdit: setEditing,
      onDelete: removeOne,
    }),
  );

  const initialValues: Partial<InspectFormValues> = editing
    ? {
        inspectDate: editing.inspectDate,
        inspector: editing.inspector,
        content: editing.content,
        result: editing.result,
        nextInspectDate: editing.nextInspectDate,
        description: editing.description,
      }
    : { inspectDate: new Date().toLocaleDateString('sv-SE'), result: 'PASS' };

  return (
    <Drawer
      open={tool !== null}
      onClose={onClose}
      size={1000}
      title={tool ? t('titles.inspections', { name: `${tool.name} (${tool.code})` }) : ''}
      data-testid="inspect-drawer"
      extra={
        canCreate && (
          <Button type="primary" icon={<PlusOutlined />} data-testid="inspect-create" onClick={() => setEditing(null)}>
            {t('actions.addInspection')}
          </Button>
        )
      }
    >
      <DataTable<ToolInspectHistory>
        testId="inspect-table"
        urlKey="ih"
        rowKey="id"
        historyTable="tool_inspect_histories"
        columns={columns}
        data={list.data}
        loading={list.isFetching}
        selectable={canDelete}
        onDeleteSelected={remove}
        exportName={tool ? `${tool.code}-${t('titles.inspectionsShort')}` : undefined}
      />
      <FormDialog<InspectFormValues>
        open={editing !== undefined}
        title={editing ? t('titles.editInspection') : t('titles.addInspection')}
        initialValues={initialValues}
        testId="inspect-form"
        width={640}
        onClose={() => setEditing(undefined)}
        onSubmit={async (values, form) => {
          try {
            if (editing) await inspectApi.update(editing.id, values);
            else await inspectApi.create(values);
            useAppStore.getState().notify(t('common:messages.saved'), 'success');
          } catch (err) {
            showSaveError(form, err);
            throw err;
          }
        }}
      >
        <Row gutter={16}>
          <Col xs={24} sm={8}>
            <Form.Item
              name="inspectDate"
              label={t('inspect.inspectDate')}
              required
              rules={[zodRule(shape.inspectDate)]}
              {...dateItemProps}
            >
              <DatePicker data-testid="inspect-form-inspectDate" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item name="inspector" label={t('inspect.inspector')} rules={[zodRule(shape.inspector)]}>
              <Input data-testid="inspect-form-inspector" maxLength={50} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item name="result" label={t('inspect.result')} required>
              <Select
                data-testid="inspect-form-result"
                options={TOOL_INSPECT_RESULTS.map((r) => ({ value: r, label: t(`results.${r}`) }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="content" label={t('inspect.content')} required rules={[zodRule(shape.content)]}>
              <Input.TextArea data-testid="inspect-form-content" maxLength={500} rows={2} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item
              name="nextInspectDate"
              label={t('inspect.nextInspectDate')}
              dependencies={['inspectDate']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: async (_: unknown, v: string | null) => {
                    const from = getFieldValue('inspectDate') as string | null;
                    if (v && from && v < from)
                      throw new Error(translateMessage('nextInspectDate', useAppStore.getState().locale));
                  },
                }),
              ]}
              {...dateItemProps}
            >
              <DatePicker data-testid="inspect-form-nextInspectDate" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={16}>
            <Form.Item name="description" label={t('inspect.description')} rules={[zodRule(shape.description)]}>
              <Input data-testid="inspect-form-description" maxLength={500} />
            </Form.Item>
          </Col>
        </Row>
      </FormDialog>
    </Drawer>
  );
}
