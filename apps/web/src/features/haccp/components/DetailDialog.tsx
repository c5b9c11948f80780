import { Descriptions, Empty, Modal, Spin, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { HACCP_NS } from '../haccp.locales.ts';
import { useMonitoringDetail } from '../haccp.queries.ts';
import { STATUS_COLOR } from './status.ts';
import { limitsText, signatureText, valueText } from './record-text.ts';

/** One record with its whole amendment chain: the original first, each amendment with its reason and signatures. */
export function DetailDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation([HACCP_NS, 'common']);
  const detail = useMonitoringDetail(id);
  const chain = detail.data?.chain ?? [];
  return (
    <Modal open={id !== null} title={t('titles.detail')} width={760} onCancel={onClose} footer={null} destroyOnHidden>
      <div data-testid="ccp-detail-dialog">
        {detail.isLoading ? (
          <Spin />
        ) : chain.length === 0 ? (
          <Empty />
        ) : (
          chain.map((r, i) => (
            <Descriptions
              key={r.id}
              data-testid={`ccp-detail-${r.id}`}
              title={
                <>
                  {i === 0 ? t('hints.original') : t('hints.amendment', { n: i })} #{r.id}{' '}
                  <Tag color={STATUS_COLOR[r.status]}>{t(`status.${r.status}`)}</Tag>
                  {r.id === id && <Tag>●</Tag>}
                </>
              }
              size="small"
              column={2}
              bordered
              style={{ marginBottom: 16 }}
            >
              <Descriptions.Item label={t('fields.ccp')}>{r.ccpName}</Descriptions.Item>
              <Descriptions.Item label={t('fields.checkedAt')}>{r.checkedAt}</Descriptions.Item>
              <Descriptions.Item label={t('fields.limits')}>{limitsText(r, t)}</Descriptions.Item>
              <Descriptions.Item label={t('fields.value')}>
                {valueText(r, t)} {r.deviation && <Tag color="red">{t('values.yes')}</Tag>}
              </Descriptions.Item>
              {r.deviation && (
                <>
                  <Descriptions.Item label={t('fields.productAction')} span={2}>
                    {r.productAction}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('fields.cause')}>{r.cause}</Descriptions.Item>
                  <Descriptions.Item label={t('fields.actionBy')}>{r.actionBy}</Descriptions.Item>
                </>
              )}
              <Descriptions.Item label={t('fields.operator')}>{r.operatorName}</Descriptions.Item>
              <Descriptions.Item label={t('fields.note')}>{r.note}</Descriptions.Item>
              {r.amendReason && (
                <Descriptions.Item label={t('fields.reason')} span={2}>
                  {r.amendReason}
                </Descriptions.Item>
              )}
              <Descriptions.Item label={t('fields.signatures')} span={2}>
                {r.signatures.map((s) => (
                  <div key={s.id} data-testid={`ccp-signature-${s.meaning}`}>
                    {signatureText(s, t)}
                  </div>
                ))}
              </Descriptions.Item>
            </Descriptions>
          ))
        )}
      </div>
    </Modal>
  );
}
