import { type Tool, toolCreateBody, toolEndpoints, toolPlacementError } from '@eqms/contract';
import { useQuery } from '@tanstack/react-query';
import { Col, DatePicker, Form, Input, Row, Select, TreeSelect } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http.ts';
import { useAppStore } from '../../../app/store.ts';
import { CustomFieldItems, extPayload, useCustomFields } from '../../../components/custom-fields.tsx';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { showSaveError, zodRule } from '../../../components/formErrors.ts';
import { CodeSelect } from '../../../components/inputs/CodeSelect.tsx';
import { integerRule, NumberField } from '../../../components/inputs/NumberField.tsx';
import { type LocationOption, toLocationOptions, useLocationTree } from '../../../components/LocationTreeSelect.tsx';
import { type ToolFormValues, useToolApi } from '../tool.queries.ts';

const shape = toolCreateBody.shape;

/** Dates travel as yyyy-MM-dd strings; the picker works with dayjs. */
export const dateItemProps = {
  getValueProps: (v: string | null | undefined) => ({ value: v ? dayjs(v) : null }),
  normalize: (d: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : null),
};

export function useManagers() {
  return useQuery({
    queryKey: ['tool', 'managers'],
    queryFn: ({ signal }) => call(toolEndpoints.managers, { signal }),
    staleTime: 60_000,
  });
}

/**
 * Create (tool === null) or edit a tool. The location picker offers the tree down to lines and warehouses and
 * lets only those be chosen (SPEC §5); the server's placement refusal would still land on the field.
 */
export function ToolFormDialog({
  open,
  tool,
  defaultLocationId,
  onClose,
  onSaved,
}: {
  open: boolean;
  tool: Tool | null;
  defaultLocationId?: number | null;
  onClose: () => void;
  onSaved?: (tool: Tool) => void;
}) {
  const { t } = useTranslation('tool');
  const toolApi = useToolApi();
  const customFields = useCustomFields('tools');
  const managers = useManagers();
  const tree = useLocationTree(['LINE', 'WAREHOUSE']);
  const locationOptions = useMemo<LocationOption[]>(
    () => (tree.data ? toLocationOptions(tree.data, (n) => toolPlacementError(n.type) !== null) : []),
    [tree.data],
  );
  const creating = tool === null;
  const initialValues: Partial<ToolFormValues> = tool
    ? {
        code: tool.code,
        name: tool.name,
        type: tool.type,
        locationId: tool.locationId,
        managerId: tool.managerId,
        specification: tool.specification,
        manufacturer: tool.manufacturer,
        serialNo: tool.serialNo,
        installDate: tool.installDate,
        sort: tool.sort,
        description: tool.description,
        ext: tool.ext,
      }
    : { locationId: defaultLocationId ?? undefined, sort: 0 };

  return (
    <FormDialog<ToolFormValues>
      open={open}
      title={creating ? t('titles.create') : t('titles.edit')}
      initialValues={initialValues}
      testId="tool-form"
      width={720}
      onClose={onClose}
      onSubmit={async (formValues, form) => {
        const values = { ...formValues, ext: extPayload(customFields.data, formValues.ext) };
        try {
          const saved = creating ? await toolApi.create(values) : await toolApi.update(tool.id, values);
          useAppStore.getState().notify(t('common:messages.saved'), 'success');
          onSaved?.(saved);
        } catch (err) {
          showSaveError(form, err, { duplicateText: { code: t('messages.duplicateCode') } });
          throw err;
        }
      }}
    >
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="code" label={t('fields.code')} required rules={[zodRule(shape.code)]}>
            <Input data-testid="tool-form-code" maxLength={50} autoFocus={creating} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="name" label={t('fields.name')} required rules={[zodRule(shape.name)]}>
            <Input data-testid="tool-form-name" maxLength={100} autoFocus={!creating} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="type" label={t('fields.type')}>
            <CodeSelect category="TOOL_TYPE" testId="tool-form-type" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="managerId" label={t('fields.manager')}>
            <Select
              data-testid="tool-form-manager"
              allowClear
              loading={managers.isLoading}
              showSearch={{ optionFilterProp: 'label' }}
              options={(managers.data ?? []).map((u) => ({ value: u.id, label: `${u.username} (${u.userId})` }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item
            name="locationId"
            label={t('fields.location')}
            required
            tooltip={t('hints.location')}
            rules={[{ required: true, message: t('messages.locationRequired') }]}
          >
            <TreeSelect<number | undefined, LocationOption>
              data-testid="tool-form-location"
              treeData={locationOptions}
              loading={tree.isLoading}
              showSearch={{ treeNodeFilterProp: 'name' }}
              treeDefaultExpandAll
              treeLine
              treeNodeLabelProp="name"
              popupMatchSelectWidth={false}
              allowClear
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="specification" label={t('fields.specification')} rules={[zodRule(shape.specification)]}>
            <Input data-testid="tool-form-specification" maxLength={200} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="manufacturer" label={t('fields.manufacturer')} rules={[zodRule(shape.manufacturer)]}>
            <Input data-testid="tool-form-manufacturer" maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="serialNo" label={t('fields.serialNo')} rules={[zodRule(shape.serialNo)]}>
            <Input data-testid="tool-form-serialNo" maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="installDate" label={t('fields.installDate')} {...dateItemProps}>
            <DatePicker data-testid="tool-form-installDate" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="sort" label={t('fields.sort')} rules={[integerRule(9)]}>
            <NumberField integer intDigits={9} testId="tool-form-sort" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="description" label={t('fields.description')} rules={[zodRule(shape.description)]}>
            <Input.TextArea data-testid="tool-form-description" maxLength={500} rows={2} />
          </Form.Item>
        </Col>
      </Row>
      <CustomFieldItems table="tools" />
    </FormDialog>
  );
}
