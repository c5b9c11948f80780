import { DeleteOutlined, DownloadOutlined } from '@ant-design/icons';
import { Button, Flex, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SavedSearchMenu } from '../SavedSearchMenu.tsx';
import { ColumnsMenu } from './ColumnsMenu.tsx';
import type { DataColumn } from './columns.ts';
import { QuickFilter } from './QuickFilter.tsx';

// The bar above the rows: the page's own buttons, the quick filter and saved searches on the left; the row count,
// the columns menu, the export and the bulk delete on the right.

export function Toolbar<T>({
  testId,
  pageToolbar,
  query,
  onQuery,
  filterHelp,
  savedSearchMenu,
  countText,
  columnsMenu,
  exportButton,
  deleteButton,
}: {
  testId: string;
  pageToolbar: ReactNode;
  query: string;
  onQuery: (text: string) => void;
  filterHelp: string;
  savedSearchMenu: string | undefined;
  countText: string;
  columnsMenu: {
    columns: DataColumn<T>[];
    isHidden: (key: string) => boolean;
    shownCount: number;
    onToggle: (key: string, hidden: boolean) => void;
    canReset: boolean;
    onReset: () => void;
  };
  /** Absent: no export button. */
  exportButton: { loading: boolean; disabled: boolean; onClick: () => void } | null;
  /** Absent: no bulk delete. */
  deleteButton: { disabled: boolean; onClick: () => void } | null;
}) {
  const { t } = useTranslation(['common', 'kit']);
  return (
    <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
      {/* A flex row, not Space: a page's filters come as one fragment, and Space would stack them in one cell. */}
      <Flex wrap gap={8} align="center">
        {pageToolbar}
        <QuickFilter value={query} onChange={onQuery} help={filterHelp} testId={testId} />
        {savedSearchMenu && <SavedSearchMenu menu={savedSearchMenu} testId={`${testId}-saved`} />}
      </Flex>
      <Space wrap>
        <Typography.Text type="secondary" data-testid={`${testId}-count`}>
          {countText}
        </Typography.Text>
        <ColumnsMenu<T> {...columnsMenu} testId={testId} />
        {exportButton && (
          <Button
            data-testid={`${testId}-export`}
            icon={<DownloadOutlined />}
            loading={exportButton.loading}
            onClick={exportButton.onClick}
            disabled={exportButton.disabled}
          >
            {t('common:actions.export')}
          </Button>
        )}
        {deleteButton && (
          <Button
            data-testid={`${testId}-delete-selected`}
            danger
            icon={<DeleteOutlined />}
            disabled={deleteButton.disabled}
            onClick={deleteButton.onClick}
          >
            {t('common:actions.deleteSelected')}
          </Button>
        )}
      </Space>
    </Flex>
  );
}
