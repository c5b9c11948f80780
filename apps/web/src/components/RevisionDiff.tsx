import { type HistoryEntry, REVISION_TYPE_ACTION, type RevisionType } from '@eqms/contract';
import { ArrowRightOutlined } from '@ant-design/icons';
import { Empty, Flex, Switch, Table, Tag, Tooltip, Typography, theme } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n, registerLocales } from '../i18n/index.ts';

// One revision of the change history (SPEC §3 change-history entry) field by field: the one diff view shared by
// the record's change-history dialog and the /admin/history screen.
registerLocales('revision', {
  kr: {
    type: { create: '생성', modify: '수정', delete: '삭제' },
    field: '항목',
    before: '변경 전',
    after: '변경 후',
    value: '값',
    empty: '(없음)',
    yes: '예',
    no: '아니오',
    showAll: '전체 항목 보기',
    noChanges: '값이 바뀐 항목이 없습니다 (수정 시각만 바뀌었습니다).',
    changedCount: '{{count}}개 항목',
    allFields: '전체 {{count}}개 항목',
    fields: {
      id: 'ID',
      user_id: '사용자 ID',
      username: '이름',
      name: '이름',
      email: '이메일',
      phone: '전화번호',
      enabled: '사용 여부',
      location_id: '위치 ID',
      role_id: '권한 ID',
      title: '제목',
      code: '코드',
      code_name: '코드명',
      category: '분류',
      parent_id: '상위 ID',
      sort: '순서',
      visible: '표시',
      ext: '사용자 정의 항목',
      home_path: '시작 페이지',
      theme_options: '테마 설정',
      image_file_id: '사진 파일 ID',
      created_at: '생성 시각',
      created_by: '생성자',
      updated_at: '수정 시각',
      updated_by: '수정자',
    },
  },
  en: {
    type: { create: 'Create', modify: 'Modify', delete: 'Delete' },
    field: 'Field',
    before: 'Before',
    after: 'After',
    value: 'Value',
    empty: '(empty)',
    yes: 'Yes',
    no: 'No',
    showAll: 'Show all fields',
    noChanges: 'No value changed (only the update time).',
    changedCount: '{{count}} fields',
    allFields: 'All {{count}} fields',
    fields: {
      id: 'ID',
      user_id: 'User ID',
      username: 'Name',
      name: 'Name',
      email: 'Email',
      phone: 'Phone',
      enabled: 'Enabled',
      location_id: 'Location ID',
      role_id: 'Role ID',
      title: 'Title',
      code: 'Code',
      code_name: 'Code name',
      category: 'Category',
      parent_id: 'Parent ID',
      sort: 'Order',
      visible: 'Visible',
      ext: 'Custom fields',
      home_path: 'Start page',
      theme_options: 'Theme settings',
      image_file_id: 'Photo file ID',
      created_at: 'Created at',
      created_by: 'Created by',
      updated_at: 'Updated at',
      updated_by: 'Updated by',
    },
  },
});

export type FieldChange = {
  field: string;
  /** Absent (not null) when the revision has no such side: ADD has no before, DEL no after. */
  before?: unknown;
  after?: unknown;
  changed: boolean;
};

/** Who did it last: the columns every table carries for the audit go after the table's own columns. */
const AUDIT_COLUMNS = ['created_at', 'created_by', 'updated_at', 'updated_by'];

function fieldOrder(a: string, b: string): number {
  const rank = (f: string) => (f === 'id' ? -1 : AUDIT_COLUMNS.indexOf(f) + 1);
  return rank(a) - rank(b) || a.localeCompare(b);
}

/**
 * The fields a revision shows: ADD its new values, DEL its old values, MOD only the changed fields (the server's
 * `changedFields`) or, with `showAll`, every column with the changed ones marked.
 */
export function revisionFields(entry: HistoryEntry, showAll = false): FieldChange[] {
  const oldData = entry.oldData ?? {};
  const newData = entry.newData ?? {};
  if (entry.revisionType === 'ADD') {
    return Object.keys(newData)
      .sort(fieldOrder)
      .map((field) => ({ field, after: newData[field], changed: true }));
  }
  if (entry.revisionType === 'DEL') {
    return Object.keys(oldData)
      .sort(fieldOrder)
      .map((field) => ({ field, before: oldData[field], changed: true }));
  }
  const changed = new Set(entry.changedFields);
  const fields = showAll ? [...new Set([...Object.keys(oldData), ...Object.keys(newData)])] : [...changed];
  return fields.sort(fieldOrder).map((field) => ({
    field,
    before: oldData[field] ?? null,
    after: newData[field] ?? null,
    changed: changed.has(field),
  }));
}

/** `location_id` → `Location id`: a column's name as words, when no label is known. */
export function humanizeField(field: string): string {
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[_\s]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
  if (words.length === 0) return field;
  return [words[0][0].toUpperCase() + words[0].slice(1), ...words.slice(1)].join(' ');
}

/** The column's label in the current language (known columns) or its humanised name. */
export function fieldLabel(field: string): string {
  const key = `revision:fields.${field}`;
  return i18n.exists(key) ? i18n.t(key) : humanizeField(field);
}

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}(:?\d{2})?)$/;

/** A stored value as text: timestamps in local time, objects as indented JSON, null as null. */
export function formatValue(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return ISO_TIMESTAMP.test(value) ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : value;
  if (typeof value === 'object') return JSON.stringify(value, null, 2);
  return String(value);
}

/** A revision's date as the dialog shows it (yyyy-MM-dd HH:mm:ss, local time). */
export const formatRevisionDate = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm:ss');

const TYPE_COLORS: Record<RevisionType, string> = { ADD: 'success', MOD: 'processing', DEL: 'error' };

/** ADD / MOD / DEL as create / modify / delete in the UI language, coloured. */
export function RevisionTypeTag({ type }: { type: RevisionType }) {
  const { t } = useTranslation('revision');
  return (
    <Tag color={TYPE_COLORS[type]} data-testid="revision-type" data-type={type} style={{ marginInlineEnd: 0 }}>
      {t(`type.${REVISION_TYPE_ACTION[type]}`)}
    </Tag>
  );
}

/** The changed fields of a revision as a short summary for a list cell. */
export function ChangedFieldsSummary({ entry, max = 4 }: { entry: HistoryEntry; max?: number }) {
  const { t } = useTranslation('revision');
  if (entry.revisionType !== 'MOD') {
    const data = entry.revisionType === 'ADD' ? entry.newData : entry.oldData;
    return (
      <Typography.Text type="secondary">{t('allFields', { count: Object.keys(data ?? {}).length })}</Typography.Text>
    );
  }
  if (entry.changedFields.length === 0) return <Typography.Text type="secondary">-</Typography.Text>;
  const shown = entry.changedFields.slice(0, max);
  const rest = entry.changedFields.length - shown.length;
  return (
    <Flex wrap gap={4} data-testid="revision-changed-fields">
      {shown.map((f) => (
        <Tag key={f} title={f} style={{ marginInlineEnd: 0 }}>
          {fieldLabel(f)}
        </Tag>
      ))}
      {rest > 0 && (
        <Tooltip title={entry.changedFields.slice(max).map(fieldLabel).join(', ')}>
          <Tag style={{ marginInlineEnd: 0 }}>+{rest}</Tag>
        </Tooltip>
      )}
    </Flex>
  );
}

function Value({ value, tone, testId }: { value: unknown; tone?: 'old' | 'new'; testId: string }) {
  const { t } = useTranslation('revision');
  const { token } = theme.useToken();
  const text = typeof value === 'boolean' ? t(value ? 'yes' : 'no') : formatValue(value);
  const json = value !== null && typeof value === 'object';
  const background = tone === 'old' ? token.colorErrorBg : tone === 'new' ? token.colorSuccessBg : undefined;
  return (
    <div
      data-testid={testId}
      style={{
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
        fontFamily: json ? token.fontFamilyCode : undefined,
        fontSize: json ? token.fontSizeSM : undefined,
        background,
        borderRadius: token.borderRadiusSM,
        padding: background ? '1px 6px' : undefined,
        maxHeight: 240,
        overflow: 'auto',
      }}
    >
      {text === null ? <Typography.Text type="secondary">{t('empty')}</Typography.Text> : text}
    </div>
  );
}

/** A revision field by field: before → after for a modification, the values for a creation or deletion. */
export function RevisionDiff({ entry, testId = 'revision-diff' }: { entry: HistoryEntry; testId?: string }) {
  const { t } = useTranslation('revision');
  const [showAll, setShowAll] = useState(false);
  const mod = entry.revisionType === 'MOD';
  const rows = revisionFields(entry, showAll);
  const tone = (r: FieldChange, side: 'old' | 'new') => (mod && r.changed ? side : undefined);
  const columns: { key: string; title: ReactNode; width?: number | string; render: (r: FieldChange) => ReactNode }[] = [
    {
      key: 'field',
      title: t('field'),
      width: 170,
      render: (r) => (
        <span title={r.field} style={{ fontWeight: mod && r.changed && showAll ? 600 : undefined }}>
          {fieldLabel(r.field)}
        </span>
      ),
    },
  ];
  if (entry.revisionType !== 'ADD') {
    columns.push({
      key: 'before',
      title: mod ? t('before') : t('value'),
      render: (r) => <Value value={r.before} tone={tone(r, 'old')} testId={`${testId}-before-${r.field}`} />,
    });
  }
  if (mod) {
    columns.push({
      key: 'arrow',
      title: '',
      width: 32,
      render: () => <ArrowRightOutlined style={{ opacity: 0.45 }} />,
    });
  }
  if (entry.revisionType !== 'DEL') {
    columns.push({
      key: 'after',
      title: mod ? t('after') : t('value'),
      render: (r) => <Value value={r.after} tone={tone(r, 'new')} testId={`${testId}-after-${r.field}`} />,
    });
  }
  return (
    <div data-testid={testId} data-revision-id={entry.revisionId}>
      {mod && (
        <Flex align="center" justify="space-between" gap={8} style={{ marginBottom: 8 }}>
          <Typography.Text type="secondary">{t('changedCount', { count: entry.changedFields.length })}</Typography.Text>
          <label style={{ display: 'inline-flex', alignItems: 'center', gap: 8, cursor: 'pointer' }}>
            <Switch size="small" checked={showAll} onChange={setShowAll} data-testid={`${testId}-show-all`} />
            {t('showAll')}
          </label>
        </Flex>
      )}
      <Table<FieldChange>
        size="small"
        rowKey="field"
        pagination={false}
        tableLayout="fixed"
        dataSource={rows}
        columns={columns.map((c) => ({
          key: c.key,
          title: c.title,
          width: c.width,
          render: (_: unknown, r) => c.render(r),
        }))}
        onRow={(r) =>
          ({ 'data-testid': `${testId}-field`, 'data-field': r.field, 'data-changed': r.changed }) as object
        }
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={mod ? t('noChanges') : t('empty')} />,
        }}
      />
    </div>
  );
}
