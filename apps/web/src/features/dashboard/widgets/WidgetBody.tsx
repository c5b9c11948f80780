import type { UseQueryResult } from '@tanstack/react-query';
import { Empty, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { WIDGET_NS } from './widget.locales.ts';

/**
 * What every widget view shows around its content: a skeleton while the first answer is on its way, a line saying the
 * data could not be read (the calls are silent: a dashboard of ten widgets must not raise ten snackbars), or "no data".
 */
export function WidgetBody<D>({
  q,
  empty,
  testId,
  children,
}: {
  q: UseQueryResult<D>;
  /** Whether the answer has nothing to show. */
  empty: (data: D) => boolean;
  testId: string;
  children: (data: D) => ReactNode;
}) {
  const { t } = useTranslation(WIDGET_NS);
  if (q.isPending) return <Skeleton active paragraph={{ rows: 3 }} title={false} data-testid={`${testId}-loading`} />;
  if (q.isError || q.data === undefined)
    return (
      <Typography.Text type="danger" data-testid={`${testId}-error`}>
        {t('loadFailed')}
      </Typography.Text>
    );
  if (empty(q.data))
    return (
      <div data-testid={testId}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noData')} data-testid={`${testId}-empty`} />
      </div>
    );
  return <div data-testid={testId}>{children(q.data)}</div>;
}
