import type { Parameter } from '@eqms/contract';
import { Col, Row, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../app/permissions.ts';
import { useAppStore } from '../../../app/store.ts';
import { useUrlState } from '../../../app/url-state.ts';
import { type DataColumn, DataTable } from '../../../components/DataTable.tsx';
import { confirmRemove } from '../../../components/confirm-remove.ts';
import { ImportCreateButtons } from '../../../components/ImportCreateButtons.tsx';
import { PageContainer, useMenuLabel } from '../../../components/PageContainer.tsx';
import { rowActionsColumn } from '../../../components/RowAction.tsx';
import { registerLocales } from '../../../i18n/index.ts';
import { findNode, toolIdsUnder } from '../../tool/tool.queries.ts';
import { ParameterFormDialog } from '../components/ParameterFormDialog.tsx';
import { ToolTreeCard } from '../../tool/components/ToolTreeCard.tsx';
import en from '../locales/en.json';
import kr from '../locales/kr.json';
import { useParameterApi, useParameters, useParameterToolTree } from '../parameter.queries.ts';

registerLocales('parameter', { kr, en });

const num = (v: number | null) => (v === null ? '' : v.toLocaleString(undefined, { maximumFractionDigits: 5 }));

export default function ParameterPage() {
  const { t } = useTranslation(['parameter', 'common']);
  const canCreate = useCan('parameter', 'create');
  const canModify = useCan('parameter', 'modify');
  const canDelete = useCan('parameter', 'delete');
  const menuLabel = useMenuLabel('parameter');
  const tree = useParameterToolTree();
  const parameterApi = useParameterApi();
  // The tree's selection is in the URL: a link or a reload shows the same tool.
  const [view, setView] = useUrlState<{ node: string | undefined }>({ node: undefined });
  const [editing, setEditing] = useState<Parameter | null | undefined>(undefined);

  const treeData = tree.data ?? [];
  const selected = view.node ? findNode(treeData, view.node) : undefined;
  const toolIds = useMemo(() => (selected ? toolIdsUnder(selected) : null), [selected]);
  const list = useParameters(toolIds);
  const rows = toolIds !== null && toolIds.length === 0 ? [] : list.data;

  const remove = async (items: Parameter[]) => {
    await parameterApi.remove(items.map((p) => p.id));
    useAppStore.getState().notify(t('common:messages.deleted'), 'success');
  };
  const removeOne = (p: Parameter) =>
    confirmRemove(t('messages.confirmDelete', { name: `${p.name} (${p.code})` }), () => remove([p]));

  // With one tool chosen, its name is in the toolbar: the column would only repeat it and push the limits aside.
  const oneTool = selected?.kind === 'tool';
  const columns: DataColumn<Parameter>[] = [
    ...(oneTool
      ? []
      : [
          {
            key: 'tool',
            title: t('fields.tool'),
            width: 150,
            render: (p: Parameter) => `${p.toolName} (${p.toolCode})`,
            sorter: true,
          },
        ]),
    { key: 'code', title: t('fields.code'), dataIndex: 'code', width: 120, sorter: true },
    { key: 'name', title: t('fields.name'), dataIndex: 'name', width: 120, sorter: true },
    {
      key: 'dataType',
      title: t('fields.dataType'),
      width: 90,
      render: (p) => <Tag color={p.dataType === 'NUMBER' ? 'blue' : 'purple'}>{t(`dataTypes.${p.dataType}`)}</Tag>,
      exportValue: (p) => t(`dataTypes.${p.dataType}`),
    },
    { key: 'unit', title: t('fields.unit'), dataIndex: 'unit', width: 70 },
    {
      key: 'lowerLimit',
      title: t('fields.lowerLimit'),
      width: 90,
      render: (p) => num(p.lowerLimit),
      exportValue: (p) => p.lowerLimit,
      sorter: (a, b) => (a.lowerLimit ?? -Infinity) - (b.lowerLimit ?? -Infinity),
    },
    {
      key: 'target',
      title: t('fields.target'),
      width: 90,
      render: (p) => num(p.target),
      exportValue: (p) => p.target,
    },
    {
      key: 'upperLimit',
      title: t('fields.upperLimit'),
      width: 90,
      render: (p) => num(p.upperLimit),
      exportValue: (p) => p.upperLimit,
      sorter: (a, b) => (a.upperLimit ?? Infinity) - (b.upperLimit ?? Infinity),
    },
    {
      key: 'sampleInterval',
      title: t('fields.sampleInterval'),
      width: 110,
      render: (p) => t('hints.seconds', { n: p.sampleInterval }),
      exportValue: (p) => p.sampleInterval,
      sorter: (a, b) => a.sampleInterval - b.sampleInterval,
    },
    { key: 'description', title: t('fields.description'), dataIndex: 'description', width: 160 },
  ];
  columns.push(
    ...rowActionsColumn<Parameter>({
      title: t('fields.actions'),
      testId: 'parameter',
      rowId: (p) => p.code,
      canModify,
      canDelete,
      onEdit: setEditing,
      onDelete: removeOne,
    }),
  );

  return (
    <PageContainer
      menuName="parameter"
      extra={
        <ImportCreateButtons
          testIdPrefix="parameter"
          canCreate={canCreate}
          createLabel={t('actions.create')}
          onCreate={() => setEditing(null)}
        />
      }
    >
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8} xl={7}>
          <ToolTreeCard
            testId="parameter"
            title={t('titles.tree')}
            showAllLabel={t('actions.showAll')}
            emptyText={t('messages.noTools')}
            data={tree.data}
            loading={tree.isLoading}
            count={(n) => n.parameterCount}
            selectedKey={view.node}
            onSelect={(node) => setView({ node }, { push: true })}
            onShowAll={() => setView({ node: undefined })}
          />
        </Col>
        <Col xs={24} lg={16} xl={17}>
          <DataTable<Parameter>
            testId="parameter-table"
            rowKey="id"
            historyTable="parameters"
            columns={columns}
            data={rows}
            loading={list.isFetching}
            selectable={canDelete}
            onDeleteSelected={remove}
            exportName={selected ? `${menuLabel}-${selected.name}` : menuLabel}
            toolbar={
              <Typography.Text type="secondary" data-testid="parameter-filter-label">
                {selected
                  ? selected.kind === 'tool'
                    ? t('hints.ofTool', { name: `${selected.name} (${selected.code})` })
                    : t('hints.ofLocation', { name: selected.name })
                  : t('hints.all')}
              </Typography.Text>
            }
          />
        </Col>
      </Row>
      <ParameterFormDialog
        open={editing !== undefined}
        parameter={editing ?? null}
        defaultToolId={selected?.kind === 'tool' ? selected.id : null}
        onClose={() => setEditing(undefined)}
      />
    </PageContainer>
  );
}
