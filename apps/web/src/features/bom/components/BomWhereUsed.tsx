import type { BomLine } from '@eqms/contract';
import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCodeLabel } from '../../../app/codes.ts';
import { fmt } from './bom-format.ts';

// Where the chosen product is used: the BOM lines that have it as a child, one tag per parent.

export function BomWhereUsed({ lines }: { lines: BomLine[] | undefined }) {
  const { t } = useTranslation(['bom', 'common']);
  const unitLabel = useCodeLabel('UNIT');
  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('titles.whereUsed')}
      </Typography.Title>
      <div data-testid="bom-where-used">
        {lines?.length ? (
          <Space wrap>
            {lines.map((l) => (
              <Tag key={l.id} color="purple">
                {l.parentCode} · {l.parentName} ({fmt(l.qty)} {unitLabel(l.unit)})
              </Tag>
            ))}
          </Space>
        ) : (
          <Typography.Text type="secondary">{t('messages.notUsed')}</Typography.Text>
        )}
      </div>
    </>
  );
}
