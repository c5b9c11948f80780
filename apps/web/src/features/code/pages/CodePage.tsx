import { DeleteOutlined, EditOutlined, FileExcelOutlined, PlusOutlined } from '@ant-design/icons';
import { type Code, type CodeCategory, codeEndpoints } from '@eqms/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Row, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../app/permissions.ts';
import { useAppStore } from '../../../app/store.ts';
import { useUrlState } from '../../../app/url-state.ts';
import { type DataColumn, DataTable } from '../../../components/DataTable.tsx';
import { ExcelImportDialog } from '../../../components/ExcelImportDialog.tsx';
import { PageContainer, useMenuLabel } from '../../../components/PageContainer.tsx';
import { registerLocales } from '../../../i18n/index.ts';
import { codeKeys, useAllCodes, useCategories, useCodeApi, useCodesOf } from '../code.queries.ts';
import { CategoryFormDialog } from '../components/CategoryFormDialog.tsx';
import { CodeFormDialog } from '../components/CodeFormDialog.tsx';
import en from '../locales/en.json';
import kr from '../locales/kr.json';
import { RowAction } from '../../../components/RowAction.tsx';

registerLocales('code', { kr, en });

export default function CodePage() {
  const { t } = useTranslation(['code', 'common']);
  const canCreate = useCan('code', 'create');
  const canModify = useCan('code', 'modify');
  const canDelete = useCan('code', 'delete');
  const categories = useCategories();
  // The selected category is in the URL by its code, so a link opens the same codes.
  const [selection, setSelection] = useUrlState<{ category: string | undefined }>({ category: undefined });
  const category = categories.data?.find((c) => c.category === selection.category) ?? null;
  const categoryId = category?.id ?? null;
  const selectCategory = (c: CodeCategory | null) => setSelection({ category: c?.category }, { push: true });
  const codes = useCodesOf(category?.category);
  const all = useAllCodes();
  const codeApi = useCodeApi();
  const [editingCategory, setEditingCategory] = useState<CodeCategory | null | undefined>(undefined);
  const [editingCode, setEditingCode] = useState<Code | null | undefined>(undefined);
  const [importing, setImporting] = useState(false);
  const queryClient = useQueryClient();
  const menuLabel = useMenuLabel('code');
  const afterImport = () => {
    // Imported codes may belong to any category: the store's codes cache reloads each category on next use.
    useAppStore.setState({ codes: {} });
    void queryClient.invalidateQueries({ queryKey: codeKeys.all });
  };

  const confirm = (text: string) =>
    useAppStore.getState().askConfirm({ title: t('common:confirm.title'), text, danger: true });

  const removeCategory = async (c: CodeCategory) => {
    if (!(await confirm(t('messages.confirmDeleteCategory', { name: `${c.name} (${c.category})` })))) return;
    try {
      await codeApi.removeCategory(c);
      useAppStore.getState().notify(t('common:messages.deleted'), 'success');
      if (c.id === categoryId) selectCategory(null);
    } catch {
      // The API client has shown the related codes.
    }
  };

  const removeCode = async (c: Code) => {
    if (!category || !(await confirm(t('messages.confirmDeleteCode', { name: `${c.codeName} (${c.code})` })))) return;
    try {
      await codeApi.removeCode(category, c.id);
      useAppStore.getState().notify(t('common:messages.deleted'), 'success');
    } catch {
      // The API client has shown the child codes.
    }
  };

  const rowActions = <T,>(row: T, id: string, edit: (r: T) => void, remove: (r: T) => void) =>
    (canModify || canDelete) && (
      <Space size={0} onClick={(e) => e.stopPropagation()}>
        {canModify && (
          <RowAction
            label={t('common:actions.edit')}
            icon={<EditOutlined />}
            testId={`${id}-edit`}
            onClick={() => edit(row)}
          />
        )}
        {canDelete && (
          <RowAction
            label={t('common:actions.delete')}
            icon={<DeleteOutlined />}
            danger
            testId={`${id}-delete`}
            onClick={() => remove(row)}
          />
        )}
      </Space>
    );

  const categoryColumns: DataColumn<CodeCategory>[] = [
    { key: 'category', title: t('fields.category'), dataIndex: 'category', sorter: true, width: 170 },
    { key: 'name', title: t('fields.categoryName'), dataIndex: 'name', sorter: true, width: 120 },
  ];
  if (canModify || canDelete)
    categoryColumns.push({
      key: 'actions',
      title: t('fields.actions'),
      width: 80,
      fixed: 'right',
      render: (c) => rowActions(c, `category-${c.category}`, setEditingCategory, removeCategory),
    });

  const parentLabel = (id: number | null) => {
    const p = id ? all.data?.find((c) => c.id === id) : undefined;
    return p ? `${p.category} / ${p.code} · ${p.codeName}` : '';
  };
  const codeColumns: DataColumn<Code>[] = [
    { key: 'code', title: t('fields.code'), dataIndex: 'code', sorter: true, width: 90 },
    { key: 'codeName', title: t('fields.codeName'), dataIndex: 'codeName', sorter: true, width: 110 },
    { key: 'codeNameEn', title: t('fields.codeNameEn'), dataIndex: 'codeNameEn', sorter: true, width: 110 },
    { key: 'parent', title: t('fields.parent'), render: (c) => parentLabel(c.parentId), width: 130, sorter: true },
    { key: 'sort', title: t('fields.sort'), dataIndex: 'sort', sorter: true, width: 60 },
    {
      key: 'enabled',
      title: t('fields.enabled'),
      width: 70,
      render: (c) => (
        <Tag color={c.enabled ? 'green' : 'default'}>{c.enabled ? t('status.enabled') : t('status.disabled')}</Tag>
      ),
    },
  ];
  if (canModify || canDelete)
    codeColumns.push({
      key: 'actions',
      title: t('fields.actions'),
      width: 70,
      fixed: 'right',
      render: (c) => rowActions(c, `code-${c.code}`, setEditingCode, removeCode),
    });

  return (
    <PageContainer
      menuName="code"
      extra={
        canCreate && (
          <Button icon={<FileExcelOutlined />} data-testid="code-import" onClick={() => setImporting(true)}>
            {t('excelImport:open')}
          </Button>
        )
      }
    >
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={9}>
          <Card
            size="small"
            title={t('titles.categories')}
            extra={
              canCreate && (
                <Button
                  size="small"
                  type="primary"
                  icon={<PlusOutlined />}
                  data-testid="category-create"
                  onClick={() => setEditingCategory(null)}
                >
                  {t('actions.createCategory')}
                </Button>
              )
            }
          >
            <DataTable<CodeCategory>
              testId="category-table"
              urlKey="categories"
              historyTable="code_categories"
              rowKey="id"
              columns={categoryColumns}
              data={categories.data}
              loading={categories.isFetching}
              exportName={t('titles.categories')}
              onRowClick={selectCategory}
              activeRowKey={categoryId}
            />
          </Card>
        </Col>
        <Col xs={24} xl={15}>
          <Card
            size="small"
            title={
              category ? t('titles.codesOf', { name: `${category.name} (${category.category})` }) : t('titles.codes')
            }
            extra={
              category &&
              canCreate && (
                <Button
                  size="small"
                  type="primary"
                  icon={<PlusOutlined />}
                  data-testid="code-create"
                  onClick={() => setEditingCode(null)}
                >
                  {t('actions.createCode')}
                </Button>
              )
            }
          >
            {category?.description && (
              <Typography.Paragraph type="secondary" data-testid="category-description">
                {category.description}
              </Typography.Paragraph>
            )}
            {category ? (
              <DataTable<Code>
                testId="code-table"
                urlKey="codes"
                historyTable="codes"
                rowKey="id"
                columns={codeColumns}
                data={codes.data}
                loading={codes.isFetching}
                exportName={category.category}
              />
            ) : (
              <Empty description={t('hints.selectCategory')} style={{ margin: '48px 0' }} />
            )}
          </Card>
        </Col>
      </Row>
      <ExcelImportDialog
        open={importing}
        endpoints={codeEndpoints}
        title={`${menuLabel} · ${t('excelImport:open')}`}
        onClose={() => setImporting(false)}
        onSaved={afterImport}
      />
      <CategoryFormDialog
        open={editingCategory !== undefined}
        category={editingCategory ?? null}
        onClose={() => setEditingCategory(undefined)}
        onSaved={selectCategory}
      />
      {category && (
        <CodeFormDialog
          open={editingCode !== undefined}
          category={category}
          code={editingCode ?? null}
          onClose={() => setEditingCode(undefined)}
        />
      )}
    </PageContainer>
  );
}
