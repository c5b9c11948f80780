import { InsertRowRightOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, Popover, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataColumn, nodeText } from './columns.ts';

// The toolbar's "Columns" button: which columns to show, and a reset of the remembered settings.

export function ColumnsMenu<T>({
  columns,
  isHidden,
  shownCount,
  onToggle,
  canReset,
  onReset,
  testId,
}: {
  columns: DataColumn<T>[];
  isHidden: (key: string) => boolean;
  shownCount: number;
  onToggle: (key: string, hidden: boolean) => void;
  canReset: boolean;
  onReset: () => void;
  testId: string;
}) {
  const { t } = useTranslation(['common', 'kit']);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  const menu = (
    <div style={{ maxWidth: 280 }} data-testid={`${testId}-columns-menu`}>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginBottom: 8 }}>
        {t('kit:columnsHelp')}
      </Typography.Paragraph>
      <Flex vertical gap={4} style={{ maxHeight: 320, overflowY: 'auto' }}>
        {columns.map((c) => {
          const hidden = isHidden(c.key);
          return (
            <Checkbox
              key={c.key}
              data-testid={`${testId}-column-toggle-${c.key}`}
              checked={!hidden}
              // The last shown column stays.
              disabled={!hidden && shownCount <= 1}
              onChange={(e) => onToggle(c.key, !e.target.checked)}
            >
              {nodeText(c.title) ? c.title : c.key}
            </Checkbox>
          );
        })}
      </Flex>
      <Flex justify="end" style={{ marginTop: 8 }}>
        <Button size="small" data-testid={`${testId}-columns-reset`} disabled={!canReset} onClick={onReset}>
          {t('kit:resetColumns')}
        </Button>
      </Flex>
    </div>
  );
  return (
    <Popover
      content={menu}
      trigger="click"
      placement="bottomRight"
      title={t('kit:columns')}
      open={open}
      onOpenChange={setOpen}
    >
      <Button data-testid={`${testId}-columns`} icon={<InsertRowRightOutlined />}>
        {t('kit:columns')}
      </Button>
    </Popover>
  );
}
