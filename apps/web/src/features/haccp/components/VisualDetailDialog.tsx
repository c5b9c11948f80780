import { Descriptions, Empty, Modal, Spin, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { HACCP_NS } from '../haccp.locales.ts';
import { VISUAL_NS } from '../visual.locales.ts';
import { useVisualDetail } from '../visual.queries.ts';
import { signatureText } from './record-text.ts';
import { STATUS_COLOR } from './status.ts';
import { PhotoStrip } from './VisualPhotos.tsx';

/** One inspection with its whole amendment chain: checks, photos (each record keeps its own) and signatures. */
export function VisualDetailDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation([VISUAL_NS, HACCP_NS, 'common']);
  const { t: th } = useTranslation([HACCP_NS, 'common']);
  const detail = useVisualDetail(id);
  const chain = detail.data?.chain ?? [];
  return (
    <Modal open={id !== null} title={t('titles.detail')} width={820} onCancel={onClose} footer={null} destroyOnHidden>
      <div data-testid="visual-detail-dialog">
        {detail.isLoading ? (
          <Spin />
        ) : chain.length === 0 ? (
          <Empty />
        ) : (
          chain.map((r, i) => (
            <Descriptions
              key={r.id}
              data-testid={`visual-detail-${r.id}`}
              title={
                <>
                  {i === 0 ? t('haccp:hints.original') : t('haccp:hints.amendment', { n: i })} #{r.id}{' '}
                  <Tag color={STATUS_COLOR[r.status]}>{t(`haccp:status.${r.status}`)}</Tag>
                  <Tag color={r.result === 'PASS' ? 'green' : 'red'}>{t(`values.${r.result}`)}</Tag>
                  {r.id === id && <Tag>●</Tag>}
                </>
              }
              size="small"
              column={{ xs: 1, sm: 2 }}
              bordered
              style={{ marginBottom: 16 }}
            >
              <Descriptions.Item label={t('fields.inspectedAt')}>{r.inspectedAt}</Descriptions.Item>
              <Descriptions.Item label={t('fields.target')}>
                {r.lotId ? `${r.lotId} · ${r.productName ?? ''}` : t('values.day')}
              </Descriptions.Item>
              <Descriptions.Item label={t('fields.checks')} span={2}>
                <Table
                  size="small"
                  pagination={false}
                  rowKey={(_, n) => String(n)}
                  dataSource={r.checks}
                  columns={[
                    { key: 'name', title: t('fields.checkName'), dataIndex: 'name' },
                    {
                      key: 'passed',
                      title: t('fields.result'),
                      width: 90,
                      render: (_, c) => (
                        <Tag color={c.passed ? 'green' : 'red'}>{t(`values.${c.passed ? 'PASS' : 'FAIL'}`)}</Tag>
                      ),
                    },
                    { key: 'note', title: t('fields.note'), dataIndex: 'note' },
                  ]}
                />
              </Descriptions.Item>
              <Descriptions.Item label={t('fields.photos')} span={2}>
                <PhotoStrip photos={r.photos} />
              </Descriptions.Item>
              <Descriptions.Item label={t('fields.operator')}>{r.operatorName}</Descriptions.Item>
              <Descriptions.Item label={t('fields.note')}>{r.note}</Descriptions.Item>
              {r.amendReason && (
                <Descriptions.Item label={t('fields.reason')} span={2}>
                  {r.amendReason}
                </Descriptions.Item>
              )}
              <Descriptions.Item label={t('fields.signatures')} span={2}>
                {r.signatures.map((s) => (
                  <div key={s.id} data-testid={`visual-signature-${s.meaning}`}>
                    {signatureText(s, th)}
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
