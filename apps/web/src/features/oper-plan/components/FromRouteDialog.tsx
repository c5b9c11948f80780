import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../app/store.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { useRoutes } from '../../route/route.queries.ts';
import { useOperPlanApi } from '../oper-plan.queries.ts';

/** Adds a route's operations that are not in the plan yet, in route order, after the existing rows. */
export function FromRouteDialog({
  open,
  productId,
  defaultRouteId,
  onClose,
}: {
  open: boolean;
  productId: number;
  defaultRouteId: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('operPlan');
  const routes = useRoutes();
  const planApi = useOperPlanApi(productId);
  return (
    <FormDialog<{ routeId: number }>
      open={open}
      title={t('titles.fromRoute')}
      initialValues={defaultRouteId ? { routeId: defaultRouteId } : {}}
      testId="oper-plan-from-route"
      okText={t('actions.fromRoute')}
      onClose={onClose}
      onSubmit={async ({ routeId }) => {
        await planApi.fromRoute(routeId);
        useAppStore.getState().notify(t('common:messages.saved'), 'success');
      }}
    >
      <Form.Item
        name="routeId"
        label={t('fields.route')}
        required
        rules={[{ required: true, message: t('messages.pickRoute') }]}
        extra={t('hints.fromRoute')}
      >
        <Select
          data-testid="oper-plan-from-route-select"
          loading={routes.isLoading}
          showSearch={{ optionFilterProp: 'label' }}
          options={(routes.data ?? []).map((r) => ({
            value: r.id,
            label: `${r.code} · ${r.name} (${t('messages.operCount', { count: r.operCount })})`,
          }))}
        />
      </Form.Item>
    </FormDialog>
  );
}
