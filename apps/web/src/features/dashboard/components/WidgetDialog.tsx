import {
  issueMessage,
  translateMessage,
  WIDGET_REFRESH_MINUTES,
  WIDGET_SETTINGS,
  type WidgetType,
} from '@eqms/contract';
import { Form, Select, Skeleton, Typography } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../app/store.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { WIDGET_KINDS } from '../widgets/registry.ts';
import { WIDGET_NS } from '../widgets/widget.locales.ts';
import { DASHBOARD_NS } from '../dashboard.locales.ts';

/** The widget dialog's form values (the widget kit's contract with the settings fields). */
export type WidgetFormValues = { type: WidgetType; refreshMinutes: number; settings: Record<string, unknown> };

/**
 * Add a widget (type from the offered kinds) or change one's settings and refresh interval. The settings are checked
 * by the type's contract schema before they reach the layout, so a save does not fail on them later.
 */
export function WidgetDialog({
  open,
  initial,
  onClose,
  onDone,
}: {
  open: boolean;
  /** Null: a new widget. */
  initial: WidgetFormValues | null;
  onClose: () => void;
  onDone: (values: WidgetFormValues) => void;
}) {
  const { t } = useTranslation([DASHBOARD_NS, WIDGET_NS]);
  const types = Object.keys(WIDGET_KINDS) as WidgetType[];
  return (
    <FormDialog<WidgetFormValues>
      open={open}
      title={initial ? t('titles.editWidget') : t('titles.addWidget')}
      testId="widget-form"
      width={640}
      okText={initial ? undefined : t('common:actions.add')}
      initialValues={initial ?? { type: types[0], refreshMinutes: 5, settings: {} }}
      onClose={onClose}
      onSubmit={async (values, form) => {
        const parsed = WIDGET_SETTINGS[values.type].safeParse(values.settings ?? {});
        if (!parsed.success) {
          form.setFields(
            parsed.error.issues.map((i) => ({
              name: ['settings', ...i.path] as never,
              errors: [translateMessage(issueMessage(i), useAppStore.getState().locale)],
            })),
          );
          throw parsed.error;
        }
        onDone({ ...values, settings: parsed.data as Record<string, unknown> });
      }}
    >
      <Form.Item name="type" label={t('fields.type')} required>
        <Select
          data-testid="widget-form-type"
          disabled={initial !== null}
          options={types.map((type) => ({ value: type, label: t(`${WIDGET_NS}:types.${type}`) }))}
        />
      </Form.Item>
      <Form.Item name="refreshMinutes" label={t('fields.refresh')} required>
        <Select
          data-testid="widget-form-refresh"
          options={WIDGET_REFRESH_MINUTES.map((m) => ({ value: m, label: t('units.minutes', { count: m }) }))}
        />
      </Form.Item>
      <TypeSettings />
    </FormDialog>
  );
}

/** The chosen type's settings fields; a new type starts from empty settings. */
function TypeSettings() {
  const { t } = useTranslation(DASHBOARD_NS);
  const type = Form.useWatch('type') as WidgetType | undefined;
  const Fields = type ? WIDGET_KINDS[type]?.SettingsFields : null;
  if (!Fields) return <Typography.Text type="secondary">{t('noSettings')}</Typography.Text>;
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 2 }} />}>
      <Fields key={type} />
    </Suspense>
  );
}
