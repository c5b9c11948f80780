import { DeleteOutlined, DownOutlined, SaveOutlined, StarOutlined } from '@ant-design/icons';
import { conditionEndpoints, type SavedCondition } from '@eqms/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Dropdown, Flex, type MenuProps } from 'antd';
import { Suspense, useState } from 'react';
import { lazyPage } from '../app/lazy-page.ts';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { call } from '../api/http.ts';
import { useAppStore } from '../app/store.ts';

// The saved-search-condition menu of a list screen (SPEC §2 "Other screens", §3): a saved search is the page's URL
// search params at the time (filters, sort, page, the search form), so choosing it reproduces that view.
// Its texts are in the kit namespace (registered by DataTable, which renders this menu).

const SaveSearchDialog = lazyPage(() => import('./SaveSearchDialog.tsx'));

/** What a saved condition holds: the list page's search params, e.g. `?q=kim&page=2`. */
export type SearchCond = { search: string };

export const conditionKeys = { ofMenu: (menu: string) => ['condition', menu] as const };

/** The `search` of a saved condition, or null when its JSON is not one of ours. */
export function searchOf(cond: Pick<SavedCondition, 'searchCond'>): string | null {
  try {
    const parsed = JSON.parse(cond.searchCond) as Partial<SearchCond>;
    if (typeof parsed?.search !== 'string') return null;
    return parsed.search === '' || parsed.search.startsWith('?') ? parsed.search : `?${parsed.search}`;
  } catch {
    return null;
  }
}

export function SavedSearchMenu({ menu, testId = 'saved-search' }: { menu: string; testId?: string }) {
  const { t } = useTranslation(['kit', 'common']);
  const location = useLocation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  // The save dialog (and the form library under it) loads the first time it is asked for, not with every list.
  const [asked, setAsked] = useState(false);

  const list = useQuery({
    queryKey: conditionKeys.ofMenu(menu),
    queryFn: ({ signal }) => call(conditionEndpoints.list, { query: { menu }, signal, silent: true }),
    enabled: open,
    retry: false,
  });

  const restore = (cond: SavedCondition) => {
    setOpen(false);
    const search = searchOf(cond);
    if (search === null) {
      useAppStore.getState().notify(t('kit:searchBroken'), 'warning');
      return;
    }
    navigate({ pathname: location.pathname, search });
  };

  const remove = async (cond: SavedCondition) => {
    setOpen(false);
    const ok = await useAppStore.getState().askConfirm({
      title: t('common:confirm.title'),
      text: t('kit:confirmDeleteSearch', { title: cond.title }),
      danger: true,
    });
    if (!ok) return;
    try {
      await call(conditionEndpoints.remove, { params: { id: cond.id } });
      useAppStore.getState().notify(t('common:messages.deleted'), 'success');
    } catch {
      // The API client has told the user.
    }
    await qc.invalidateQueries({ queryKey: conditionKeys.ofMenu(menu) });
  };

  const saved = list.data ?? [];
  const items: MenuProps['items'] = [
    ...(saved.length
      ? saved.map((cond) => ({
          key: `cond-${cond.id}`,
          label: (
            <Flex justify="space-between" align="center" gap={12} style={{ minWidth: 200, maxWidth: 320 }}>
              <span
                data-testid={`${testId}-item`}
                style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
              >
                {cond.title}
              </span>
              <Button
                type="text"
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={`${t('kit:deleteSearch')} ${cond.title}`}
                data-testid={`${testId}-delete`}
                onClick={(e) => {
                  e.stopPropagation();
                  void remove(cond);
                }}
              />
            </Flex>
          ),
          onClick: () => restore(cond),
        }))
      : [
          {
            key: 'empty',
            disabled: true,
            label: <span data-testid={`${testId}-empty`}>{t('kit:noSavedSearches')}</span>,
          },
        ]),
    { type: 'divider' as const },
    {
      key: 'save',
      icon: <SaveOutlined />,
      label: <span data-testid={`${testId}-save`}>{t('kit:saveSearch')}</span>,
      onClick: () => {
        setOpen(false);
        setAsked(true);
        setSaving(true);
      },
    },
  ];

  return (
    <>
      <Dropdown menu={{ items }} trigger={['click']} open={open} onOpenChange={setOpen}>
        <Button data-testid={testId} icon={<StarOutlined />} loading={open && list.isFetching}>
          {t('kit:savedSearches')} <DownOutlined />
        </Button>
      </Dropdown>
      {asked && (
        <Suspense fallback={null}>
          <SaveSearchDialog open={saving} menu={menu} testId={testId} onClose={() => setSaving(false)} />
        </Suspense>
      )}
    </>
  );
}
