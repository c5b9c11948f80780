import type { ExcelImportEndpoints } from '@eqms/contract';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download } from '../../api/http.ts';
import { type SetUrlState, type UrlValues, useUrlState } from '../../app/url-state.ts';
import { BarcodeLookup } from '../BarcodeLookup.tsx';
import { DataTable } from '../DataTable.tsx';
import { ExcelImportDialog } from '../ExcelImportDialog.tsx';
import { ImportCreateButtons } from '../ImportCreateButtons.tsx';
import { CodeSelect } from '../inputs/CodeSelect.tsx';
import { PageContainer, useMenuLabel } from '../PageContainer.tsx';
import { SearchBox } from '../SearchBox.tsx';
import { useMasterApi, useMasterRemove, useMasterRights } from './master-api.ts';
import { filterQuery, useMasterList } from './master-list.ts';
import { useMasterColumns } from './master-columns.tsx';
import { useMasterCustomFields } from './master-custom-fields.tsx';
import type { MasterDef, MasterEndpoints, MasterRow } from './master-def.ts';
import { MasterFormDialog } from './MasterFormDialog.tsx';

// A plain master screen from its declaration (how to declare one: master-def.ts). The list's search, filters and
// page live in the URL, so a link, a reload or a saved search shows the same rows; a paged list is exported by the
// server with the same filters.

/** The URL state of the list: page and size when paged, the search, each filter. */
function urlDefaults(def: MasterDef<MasterEndpoints>): UrlValues {
  const out: UrlValues = def.pageSize ? { page: 1, size: def.pageSize } : {};
  if (def.search) out.q = undefined;
  for (const f of def.filters ?? []) out[f.key] = undefined;
  return out;
}

function MasterToolbar<G extends MasterEndpoints>({
  def,
  params,
  setParams,
  edit,
}: {
  def: MasterDef<G>;
  params: UrlValues;
  setParams: SetUrlState<UrlValues>;
  edit: (row: MasterRow<G>) => void;
}) {
  const { t } = useTranslation(def.name);
  // A new search or filter starts at the first page.
  const set = (key: string) => (value: string | undefined) =>
    setParams(def.pageSize ? { [key]: value, page: 1 } : { [key]: value });
  return (
    <>
      {def.filters?.map((f) => {
        const value = params[f.key] as string | undefined;
        return (
          <div key={f.key} style={{ width: f.width ?? 150 }}>
            {f.render ? (
              f.render(value, set(f.key))
            ) : (
              <CodeSelect
                category={f.code!}
                testId={`${def.name}-${f.key}-filter`}
                placeholder={t(`search.${f.key}`)}
                value={value ?? null}
                onChange={(code) => set(f.key)(code ?? undefined)}
              />
            )}
          </div>
        );
      })}
      {def.search && (
        <SearchBox
          testId={`${def.name}-search`}
          placeholder={t('search.placeholder')}
          value={params.q as string | undefined}
          onSearch={set('q')}
          style={{ width: def.search.width }}
        />
      )}
      {def.toolbar?.({ edit })}
      {def.barcode && (
        <BarcodeLookup
          testId={`${def.name}-barcode`}
          placeholder={t('search.barcode')}
          find={def.barcode.find}
          onFound={edit}
          style={{ width: def.barcode.width ?? 270 }}
        />
      )}
    </>
  );
}

export function MasterPage<G extends MasterEndpoints>({ def }: { def: MasterDef<G> }) {
  const { t } = useTranslation([def.name, 'common']);
  const { canCreate, canModify, canDelete } = useMasterRights(def.menu);
  const menuLabel = useMenuLabel(def.menu);
  const defaults = urlDefaults(def as unknown as MasterDef<MasterEndpoints>);
  const [params, setParams] = useUrlState<UrlValues>(defaults);
  // A list without URL state has no query (its key is the one other screens use for the whole list).
  const query = Object.keys(defaults).length ? params : undefined;
  const list = useMasterList(def.endpoints, query);
  const api = useMasterApi(def);
  const { remove, removeOne } = useMasterRemove<MasterRow<G>>(def, api);
  const [editing, setEditing] = useState<MasterRow<G> | null | undefined>(undefined);
  const [importing, setImporting] = useState(false);
  const customFields = useMasterCustomFields<MasterRow<G>>(def.customFields, t);
  const columns = useMasterColumns<MasterRow<G>>(def.columns(t), t, {
    name: def.name,
    extra: customFields.columns,
    canModify,
    canDelete,
    onEdit: setEditing,
    onDelete: removeOne,
  });
  const { excelTemplate, excelCheck, excelSave, excelExport } = def.endpoints;
  const importEndpoints =
    excelTemplate && excelCheck && excelSave
      ? ({ excelTemplate, excelCheck, excelSave } as ExcelImportEndpoints)
      : null;
  const hasToolbar = !!(def.filters?.length || def.search || def.toolbar || def.barcode);
  let toolbar: ReactNode;
  if (hasToolbar) toolbar = <MasterToolbar def={def} params={params} setParams={setParams} edit={setEditing} />;

  return (
    <PageContainer
      menuName={def.menu}
      extra={
        <ImportCreateButtons
          testIdPrefix={def.name}
          canCreate={canCreate}
          createLabel={t('actions.create')}
          onCreate={() => setEditing(null)}
          onImport={importEndpoints ? () => setImporting(true) : undefined}
        />
      }
    >
      <DataTable<MasterRow<G>>
        testId={`${def.name}-table`}
        rowKey={'id' as keyof MasterRow<G> & string}
        historyTable={def.table}
        savedSearchMenu={def.savedSearch === false ? undefined : def.menu}
        columns={columns}
        data={list.data?.data}
        loading={list.isFetching}
        selectable={canDelete}
        onDeleteSelected={remove}
        exportName={menuLabel}
        // The server writes the workbook of every row matching the filters, in the import's columns.
        onExport={
          excelExport
            ? () => download(excelExport, `${menuLabel}.xlsx`, { query: filterQuery(params) } as never)
            : undefined
        }
        pagination={
          def.pageSize
            ? {
                page: params.page as number,
                size: params.size as number,
                total: list.data?.total ?? 0,
                onChange: (page, size) => setParams({ page, size }),
              }
            : undefined
        }
        toolbar={toolbar}
      />
      <MasterFormDialog
        def={def}
        open={editing !== undefined}
        row={editing ?? null}
        {...customFields.form(editing ?? null)}
        onClose={() => setEditing(undefined)}
      />
      {importEndpoints && (
        <ExcelImportDialog
          open={importing}
          endpoints={importEndpoints}
          title={`${menuLabel} · ${t('excelImport:open')}`}
          onClose={() => setImporting(false)}
          onSaved={() => void api.refresh()}
        />
      )}
    </PageContainer>
  );
}
