import { type Route, routeCreateBody } from '@eqms/contract';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../app/store.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { showSaveError, zodRule } from '../../../components/formErrors.ts';
import { type RouteFormValues, useRouteApi } from '../route.queries.ts';

const shape = routeCreateBody.shape;

/** Create (route === null) or edit a route's code, name and description. */
export function RouteFormDialog({
  open,
  route,
  onClose,
  onSaved,
}: {
  open: boolean;
  route: Route | null;
  onClose: () => void;
  onSaved?: (route: Route) => void;
}) {
  const { t } = useTranslation('route');
  const routeApi = useRouteApi();
  const creating = route === null;
  return (
    <FormDialog<RouteFormValues>
      open={open}
      title={creating ? t('titles.create') : t('titles.edit')}
      initialValues={route ? { code: route.code, name: route.name, description: route.description } : {}}
      testId="route-form"
      onClose={onClose}
      onSubmit={async (values, form) => {
        try {
          const saved = creating ? await routeApi.create(values) : await routeApi.update(route.id, values);
          useAppStore.getState().notify(t('common:messages.saved'), 'success');
          onSaved?.(saved);
        } catch (err) {
          showSaveError(form, err, { duplicateText: { code: t('messages.duplicateCode') } });
          throw err;
        }
      }}
    >
      <Form.Item name="code" label={t('fields.code')} required rules={[zodRule(shape.code)]}>
        <Input data-testid="route-form-code" maxLength={50} autoComplete="off" autoFocus />
      </Form.Item>
      <Form.Item name="name" label={t('fields.name')} required rules={[zodRule(shape.name)]}>
        <Input data-testid="route-form-name" maxLength={100} />
      </Form.Item>
      <Form.Item name="description" label={t('fields.description')} rules={[zodRule(shape.description)]}>
        <Input.TextArea data-testid="route-form-description" rows={2} maxLength={500} />
      </Form.Item>
    </FormDialog>
  );
}
