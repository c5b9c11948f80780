import { Descriptions, Empty, Modal, Spin, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { HACCP_NS } from '../haccp.locales.ts';
import { SANITATION_NS } from '../sanitation.locales.ts';
import { useCheckListDetail } from '../sanitation.queries.ts';
import { signatureText } from './record-text.ts';
import { STATUS_COLOR } from './status.ts';

/** One check list with its whole amendment chain: the original first, each amendment with its reason and signatures. */
export function CheckListDetailDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation([SANITATION_NS, HACCP_NS, 'common']);
  // The HACCP namespace's own t: signature texts (meanings) live there.
  const { t: th } = useTranslation([HACCP_NS, 'common']);
  const detail = useCheckListDetail(id);
  const chain = detail.data?.chain ?? [];
  const h = (key: string, o?: Record<string, unknown>) => t(`${HACCP_NS}:${key}`, o);
  return (
    <Modal open={id !== null} title={t('titles.detail')} width={820} onCancel={onClose} footer={null} destroyOnHidden>
      <div data-testid="sanitation-detail-dialog">
        {detail.isLoading ? (
          <Spin />
        ) : chain.length === 0 ? (
          <Empty />
        ) : (
          chain.map((r, i) => (
            <div key={r.id} data-testid={`sanitation-detail-${r.id}`} style={{ marginBottom: 20 }}>
              <Descriptions
                title={
                  <>
                    {i === 0 ? h('hints.original') : h('hints.amendment', { n: i })} #{r.id}{' '}
                    <Tag color={STATUS_COLOR[r.status]}>{h(`status.${r.status}`)}</Tag>
                    {r.id === id && <Tag>●</Tag>}
                  </>
                }
                size="small"
                column={2}
                bordered
                style={{ marginBottom: 8 }}
              >
                <Descriptions.Item label={t('fields.checkDate')}>{r.checkDate}</Descriptions.Item>
                <Descriptions.Item label={t('fields.area')}>{r.locationName}</Descriptions.Item>
                <Descriptions.Item label={t('fields.operator')}>{r.operatorName}</Descriptions.Item>
                <Descriptions.Item label={t('fields.note')}>{r.note}</Descriptions.Item>
                {r.amendReason && (
                  <Descriptions.Item label={t('fields.reason')} span={2}>
                    {r.amendReason}
                  </Descriptions.Item>
                )}
                <Descriptions.Item label={t('fields.signatures')} span={2}>
                  {r.signatures.map((s) => (
                    <div key={s.id} data-testid={`sanitation-signature-${s.meaning}`}>
                      {signatureText(s, th)}
                    </div>
                  ))}
                </Descriptions.Item>
              </Descriptions>
              <Table
                rowKey="id"
                size="small"
                pagination={false}
                dataSource={r.items}
                columns={[
                  { key: 'name', title: t('fields.item'), dataIndex: 'name' },
                  {
                    key: 'passed',
                    title: t('fields.result'),
                    width: 110,
                    render: (_, x) =>
                      x.passed == null ? (
                        <Tag>{t('values.unchecked')}</Tag>
                      ) : x.passed ? (
                        <Tag color="green">{t('values.pass')}</Tag>
                      ) : (
                        <Tag color="red">{t('values.fail')}</Tag>
                      ),
                  },
                  { key: 'note', title: t('fields.itemNote'), dataIndex: 'note' },
                ]}
              />
            </div>
          ))
        )}
      </div>
    </Modal>
  );
}
