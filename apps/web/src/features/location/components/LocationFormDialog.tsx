import { type LocationTreeNode, locationCreateBody, locationEndpoints, SORT_DIGITS } from '@eqms/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Col, Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http.ts';
import { useAppStore } from '../../../app/store.ts';
import { CustomFieldItems, extPayload, useCustomFields } from '../../../components/custom-fields.tsx';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { integerRule, NumberField } from '../../../components/inputs/index.ts';
import { showSaveError, zodRule } from '../../../components/formErrors.ts';
import { LocationTypeTag } from '../../../components/LocationTreeSelect.tsx';
import { type LocationValues, typeOptionsFor, useLocationApi } from '../location.queries.ts';

const shape = locationCreateBody.shape;

export type LocationDialogMode =
  | { kind: 'create'; parent: LocationTreeNode | null }
  | { kind: 'edit'; node: LocationTreeNode; parent: LocationTreeNode | null };

/**
 * Create a location under `parent` or edit one. The type select offers only the types SPEC §5 allows under the
 * parent (and, when editing, that can still hold the node's children).
 */
export function LocationFormDialog({
  mode,
  onClose,
  onSaved,
}: {
  mode: LocationDialogMode | null;
  onClose: () => void;
  onSaved: (id: number) => void;
}) {
  const { t } = useTranslation(['location', 'common']);
  const locationApi = useLocationApi();
  const customFields = useCustomFields('locations');
  const parent = mode?.parent ?? null;
  const node = mode?.kind === 'edit' ? mode.node : null;
  // The tree has no ext: the location itself (the page's detail query, usually cached) has the stored values.
  const detail = useQuery({
    queryKey: ['location', 'one', node?.id ?? null],
    queryFn: ({ signal }) => call(locationEndpoints.get, { params: { id: node!.id }, signal, silent: true }),
    enabled: node != null,
  });
  const types = typeOptionsFor(parent?.type ?? null, node ? (node.children ?? []).map((c) => c.type) : []);
  const initialValues: Partial<LocationValues> = node
    ? { name: node.name, code: node.code, type: node.type, sort: node.sort, description: node.description }
    : { type: types[0], sort: 0 };

  return (
    <FormDialog<LocationValues>
      open={!!mode}
      title={node ? t('titles.edit') : parent ? t('titles.createUnder', { name: parent.name }) : t('titles.create')}
      testId="location-form"
      initialValues={initialValues}
      onClose={onClose}
      onSubmit={async (formValues, form) => {
        // Until the stored values are known, an edit leaves them as they are rather than clearing them.
        const known = !node || detail.data !== undefined;
        const values = { ...formValues, ext: known ? extPayload(customFields.data, formValues.ext) : undefined };
        try {
          const saved = node
            ? await locationApi.update(node, values)
            : await locationApi.create(parent?.id ?? null, values);
          useAppStore.getState().notify(t('common:messages.saved'), 'success');
          onSaved(saved.id);
        } catch (err) {
          showSaveError(form, err, {
            duplicateText: { code: t('messages.duplicateCode') },
            fieldNames: { parentId: 'type' },
          });
          throw err;
        }
      }}
    >
      {parent && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={
            <span>
              {t('fields.parent')}: <LocationTypeTag type={parent.type} /> {parent.name}
            </span>
          }
        />
      )}
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="type"
            label={t('fields.type')}
            required
            rules={[zodRule(shape.type)]}
            extra={t('hints.rules')}
          >
            <Select
              data-testid="location-form-type"
              options={types.map((type) => ({ value: type, label: <LocationTypeTag type={type} /> }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="name" label={t('fields.name')} required rules={[zodRule(shape.name)]}>
            <Input data-testid="location-form-name" maxLength={100} autoFocus />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="code" label={t('fields.code')} rules={[zodRule(shape.code)]}>
            <Input data-testid="location-form-code" maxLength={50} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="sort" label={t('fields.sort')} rules={[integerRule(SORT_DIGITS)]}>
            <NumberField testId="location-form-sort" integer intDigits={SORT_DIGITS} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="description" label={t('fields.description')} rules={[zodRule(shape.description)]}>
            <Input.TextArea
              data-testid="location-form-description"
              maxLength={500}
              autoSize={{ minRows: 2, maxRows: 5 }}
            />
          </Form.Item>
        </Col>
      </Row>
      <CustomFieldItems table="locations" stored={node ? detail.data?.ext : undefined} />
    </FormDialog>
  );
}
