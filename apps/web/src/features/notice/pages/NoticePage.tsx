import { formatFileSize } from '../../../components/file-size.ts';
import { DeleteOutlined, EditOutlined, PaperClipOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Space, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MENU_INDEX, type Notice } from '@eqms/contract';
import { useCan } from '../../../app/permissions.ts';
import { useAppStore } from '../../../app/store.ts';
import { useUrlState } from '../../../app/url-state.ts';
import { type DataColumn, DataTable } from '../../../components/DataTable.tsx';
import { LocationTreeSelect } from '../../../components/LocationTreeSelect.tsx';
import { PageContainer } from '../../../components/PageContainer.tsx';
import { NoticeViewDialog } from '../components/NoticeViewDialog.tsx';
import { fileTypeIcon } from '../components/AttachmentLine.tsx';
import { locationLabel, useDeleteNotices, useNoticeList } from '../notice.queries.ts';
import { NOTICE_NS } from '../notice.locales.ts';
import { ACTIONS_WIDTH, RowAction } from '../../../components/RowAction.tsx';

const PAGE_SIZE = 20;
// The editor (tiptap + ProseMirror) is most of this screen's code and only writers need it.
const NoticeForm = lazy(() => import('../components/NoticeForm.tsx').then((m) => ({ default: m.NoticeForm })));

/** /notice: every notice, filterable by target location; view, create, edit and delete (SPEC §2, §7). */
export default function NoticePage() {
  const { t } = useTranslation(NOTICE_NS);
  const locale = useAppStore((s) => s.locale);
  const canCreate = useCan('notice', 'create');
  const canModify = useCan('notice', 'modify');
  const canDelete = useCan('notice', 'delete');
  // Filter and page live in the URL (a link or a saved search reproduces the view).
  const [paging, setPaging] = useUrlState<{ page: number; size: number; locationId: number | undefined }>(
    { page: 1, size: PAGE_SIZE, locationId: undefined },
    { numbers: ['locationId'] },
  );
  const locationId = paging.locationId ?? null;
  const list = useNoticeList(locationId, paging.page, paging.size);
  const del = useDeleteNotices();
  const [viewId, setViewId] = useState<number | null>(null);
  const [editing, setEditing] = useState<{ open: boolean; notice: Notice | null }>({ open: false, notice: null });
  // Mounted from the first open on, so the dialog keeps its closing animation.
  const [formUsed, setFormUsed] = useState(false);
  const openForm = (notice: Notice | null) => {
    setFormUsed(true);
    setEditing({ open: true, notice });
  };

  const remove = async (n: Notice) => {
    const ok = await useAppStore.getState().askConfirm({
      title: t('common:confirm.title'),
      text: t('deleteConfirm', { title: n.title }),
      danger: true,
    });
    if (!ok) return;
    await del.mutateAsync([n.id]);
    useAppStore.getState().notify(t('common:messages.deleted'), 'success');
  };

  const all = t('glossary:all');
  const columns: DataColumn<Notice>[] = [
    {
      key: 'title',
      title: t('fields.title'),
      dataIndex: 'title',
      // What a user reads the list for: it takes the room the others leave, and never less than this.
      minWidth: 220,
      sorter: true,
      render: (n) => (
        <Typography.Text strong data-testid="notice-row-title">
          {n.title}
        </Typography.Text>
      ),
    },
    {
      key: 'location',
      title: t('fields.location'),
      // Paths are cut with the whole of them on hover.
      width: 130,
      sorter: true,
      render: (n) => (n.location ? locationLabel(n.location, all) : <Tag color="blue">{all}</Tag>),
      exportValue: (n) => locationLabel(n.location, all),
    },
    {
      key: 'period',
      title: t('fields.period'),
      width: 200,
      sorter: (a, b) => a.startDt.localeCompare(b.startDt) || a.endDt.localeCompare(b.endDt),
      render: (n) => `${n.startDt} ~ ${n.endDt}`,
    },
    { key: 'author', title: t('fields.author'), dataIndex: 'author', width: 100, sorter: true },
    {
      key: 'attachment',
      title: <PaperClipOutlined aria-label={t('fields.attachment')} />,
      width: 48,
      // An icon per row: there is no text to filter by (the export still names the file).
      filter: false,
      render: (n) =>
        n.attachFileName ? (
          <Tooltip title={`${n.attachFileName} (${formatFileSize(n.attachFileSize)})`}>
            <span data-testid="notice-row-attachment">{fileTypeIcon(n.attachFileMimeType, n.attachFileName)}</span>
          </Tooltip>
        ) : null,
      exportValue: (n) => n.attachFileName,
    },
    {
      key: 'createdAt',
      title: t('fields.createdAt'),
      width: 130,
      sorter: (a, b) => a.createdAt.localeCompare(b.createdAt),
      render: (n) => dayjs(n.createdAt).format('YYYY-MM-DD HH:mm'),
    },
  ];
  if (canModify || canDelete) {
    columns.push({
      key: 'actions',
      title: t('actions'),
      width: ACTIONS_WIDTH,
      render: (n) => (
        // The row opens the notice; its buttons must not.
        <span onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
          <Space size={2}>
            {canModify && (
              <RowAction
                label={t('common:actions.edit')}
                icon={<EditOutlined />}
                testId="notice-row-edit"
                onClick={() => openForm(n)}
              />
            )}
            {canDelete && (
              <RowAction
                label={t('common:actions.delete')}
                icon={<DeleteOutlined />}
                danger
                testId="notice-row-delete"
                onClick={() => void remove(n).catch(() => undefined)}
              />
            )}
          </Space>
        </span>
      ),
    });
  }

  return (
    <PageContainer
      menuName="notice"
      extra={
        canCreate && (
          <Button type="primary" icon={<PlusOutlined />} data-testid="notice-create" onClick={() => openForm(null)}>
            {t('create')}
          </Button>
        )
      }
    >
      <DataTable<Notice>
        rowKey="id"
        testId="notice-table"
        historyTable="notices"
        savedSearchMenu="notice"
        columns={columns}
        data={list.data?.data}
        loading={list.isFetching}
        selectable={canDelete}
        onDeleteSelected={async (rows) => {
          await del.mutateAsync(rows.map((r) => r.id));
          useAppStore.getState().notify(t('common:messages.deleted'), 'success');
        }}
        exportName={MENU_INDEX.get('notice')?.label[locale] ?? 'notices'}
        onRowClick={(n) => setViewId(n.id)}
        pagination={{
          page: paging.page,
          size: paging.size,
          total: list.data?.total ?? 0,
          onChange: (page, size) => setPaging({ page, size }),
        }}
        toolbar={
          <div style={{ width: 280, maxWidth: '100%' }}>
            <LocationTreeSelect
              value={locationId}
              onChange={(id) => setPaging({ locationId: id ?? undefined, page: 1 })}
              placeholder={t('filterLocation')}
              testId="notice-filter-location"
            />
          </div>
        }
      />
      <NoticeViewDialog noticeId={viewId} open={viewId != null} onClose={() => setViewId(null)} />
      {formUsed && (
        <Suspense fallback={null}>
          <NoticeForm
            open={editing.open}
            notice={editing.notice}
            onClose={() => setEditing((e) => ({ ...e, open: false }))}
          />
        </Suspense>
      )}
    </PageContainer>
  );
}
