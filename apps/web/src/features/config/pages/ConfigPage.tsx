import { ArrowDownOutlined, ArrowUpOutlined, SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { MENU_TREE } from '@eqms/contract';
import { Alert, Button, Space, Switch, Table, Tag, Tooltip, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../app/permissions.ts';
import { ROUTABLE_NAMES, useRuntime, useSystemMenu } from '../../../app/shell-data.ts';
import { useAppStore } from '../../../app/store.ts';
import { PageContainer } from '../../../components/PageContainer.tsx';
import { registerLocales } from '../../../i18n/index.ts';
import { BackupCard } from '../components/BackupCard.tsx';
import { useSaveSystemMenu } from '../config.queries.ts';
import en from '../locales/en.json';
import kr from '../locales/kr.json';
import { type ConfigNode, configTree, moveMenu, positions, setMenuVisible, toSaveBody } from '../menu-config.ts';

registerLocales('config', { kr, en });

// SPEC §2 /admin/config (hidden from the menu): the system menu configuration, which menus the side menu shows
// and in what order, for everyone; below it the backups (issue 11, components/BackupCard.tsx).

/** Indentation per level of the menu tree (the table's own tree indent needs its expand column). */
const INDENT = 28;

function groupNames(nodes: readonly ConfigNode[], out: string[] = []): string[] {
  for (const n of nodes) {
    if (n.children) {
      out.push(n.name);
      groupNames(n.children, out);
    }
  }
  return out;
}

export default function ConfigPage() {
  const { t } = useTranslation(['config', 'common']);
  const locale = useAppStore((s) => s.locale);
  const canModify = useCan('config', 'modify');
  const canCreate = useCan('config', 'create');
  const canSave = canModify || canCreate;
  const { runtime, ready: runtimeReady } = useRuntime();
  const { config, ready: configReady } = useSystemMenu();
  const save = useSaveSystemMenu();
  const [draft, setDraft] = useState<ConfigNode[] | null>(null);
  const [saving, setSaving] = useState(false);

  const saved = useMemo(
    () => configTree(MENU_TREE, { routable: ROUTABLE_NAMES, exclude: runtime.menuExclude, config }),
    [runtime.menuExclude, config],
  );
  const nodes = draft ?? saved;
  const place = useMemo(() => positions(nodes), [nodes]);
  const dirty = draft !== null && JSON.stringify(toSaveBody(draft)) !== JSON.stringify(toSaveBody(saved));
  const expanded = useMemo(() => groupNames(saved), [saved]);

  const edit = (fn: (current: ConfigNode[]) => ConfigNode[]) => setDraft((d) => fn(d ?? saved));

  const submit = async () => {
    if (!draft) return;
    setSaving(true);
    try {
      await save(toSaveBody(draft), canModify ? 'put' : 'post');
      setDraft(null);
      useAppStore.getState().notify(t('common:messages.saved'), 'success');
    } catch {
      // The API client has told the user.
    } finally {
      setSaving(false);
    }
  };

  return (
    <PageContainer
      menuName="config"
      extra={
        canSave && (
          <>
            <Button
              icon={<UndoOutlined />}
              disabled={!dirty || saving}
              onClick={() => setDraft(null)}
              data-testid="config-discard"
            >
              {t('discard')}
            </Button>
            <Button
              type="primary"
              icon={<SaveOutlined />}
              disabled={!dirty}
              loading={saving}
              onClick={submit}
              data-testid="config-save"
            >
              {t('common:actions.save')}
            </Button>
          </>
        )
      }
    >
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      {dirty && (
        <Alert type="info" showIcon title={t('unsaved')} style={{ marginBottom: 12 }} data-testid="config-unsaved" />
      )}
      <Table<ConfigNode>
        data-testid="config-table"
        size="middle"
        rowKey="name"
        loading={!runtimeReady || !configReady}
        dataSource={nodes}
        pagination={false}
        scroll={{ x: 640 }}
        expandable={{ expandedRowKeys: expanded, showExpandColumn: false }}
        onRow={(r) => ({ 'data-testid': `config-row-${r.name}` }) as object}
        columns={[
          {
            key: 'menu',
            title: t('columns.menu'),
            render: (_, r) => {
              const p = place.get(r.name);
              const hiddenBy = p?.hiddenBy;
              return (
                <Space size={8} wrap style={{ paddingInlineStart: (p?.depth ?? 0) * INDENT }}>
                  <Typography.Text strong={!!r.children} type={r.visible && !hiddenBy ? undefined : 'secondary'}>
                    {r.label[locale]}
                  </Typography.Text>
                  <Typography.Text type="secondary" code>
                    {r.name}
                  </Typography.Text>
                  {hiddenBy && r.visible && <Tag>{t('hiddenByGroup')}</Tag>}
                </Space>
              );
            },
          },
          {
            key: 'path',
            title: t('columns.path'),
            width: 220,
            render: (_, r) => <Typography.Text type="secondary">{r.path}</Typography.Text>,
          },
          {
            key: 'visible',
            title: t('columns.visible'),
            width: 90,
            align: 'center',
            render: (_, r) => (
              <Switch
                checked={r.visible}
                disabled={!canSave}
                aria-label={`${t('columns.visible')}: ${r.label[locale]}`}
                data-testid={`config-visible-${r.name}`}
                onChange={(visible) => edit((d) => setMenuVisible(d, r.name, visible))}
              />
            ),
          },
          {
            key: 'order',
            title: t('columns.order'),
            width: 110,
            align: 'center',
            render: (_, r) => {
              const p = place.get(r.name);
              return (
                <Space size={0}>
                  <Tooltip title={t('moveUp')}>
                    <Button
                      type="text"
                      size="small"
                      icon={<ArrowUpOutlined />}
                      aria-label={`${t('moveUp')}: ${r.label[locale]}`}
                      disabled={!canSave || p?.first}
                      data-testid={`config-up-${r.name}`}
                      onClick={() => edit((d) => moveMenu(d, r.name, -1))}
                    />
                  </Tooltip>
                  <Tooltip title={t('moveDown')}>
                    <Button
                      type="text"
                      size="small"
                      icon={<ArrowDownOutlined />}
                      aria-label={`${t('moveDown')}: ${r.label[locale]}`}
                      disabled={!canSave || p?.last}
                      data-testid={`config-down-${r.name}`}
                      onClick={() => edit((d) => moveMenu(d, r.name, 1))}
                    />
                  </Tooltip>
                </Space>
              );
            },
          },
        ]}
      />
      <BackupCard />
    </PageContainer>
  );
}
