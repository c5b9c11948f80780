import type { AnyEndpoint, BodyArgsOf, CustomExtTable, DataOf, Locale } from '@eqms/contract';
import type { TFunction } from 'i18next';
import type { ComponentType, ReactNode } from 'react';
import { registerLocales } from '../../i18n/index.ts';
import type { DataColumn } from '../DataTable.tsx';

// The master-data kit, web half (ARCHITECTURE §3, issue 9 item 5). A plain master screen (paged or whole list,
// text search and code filters in the URL, create / edit / delete single and bulk, Excel import and export, custom
// fields, change history, saved searches) is one declaration given to <MasterPage>:
//
//   features/<domain>/
//     pages/<Domain>Page.tsx       `const <domain>Master = defineMaster({ ... })` and
//                                  `export default () => <MasterPage def={<domain>Master} />`
//     components/<Domain>Form.tsx  the form's fields in the order and widths the form shows them: TextItem,
//                                  TextAreaItem, NumberItem, SelectItem (master-fields), CodeItem, SwitchItem
//                                  (master-choice-items); anything else is a plain antd Form.Item
//     <domain>.queries.ts          only what is the domain's own (pick-lists for its selects, a barcode look-up)
//     locales/{kr,en}.json         the words: fields.<key> (column titles and form labels, also fields.actions),
//                                  actions.create, titles.create / titles.edit, messages.confirmDelete ({{name}}),
//                                  messages.duplicate<Field> for each `form.duplicates` field, search.placeholder,
//                                  search.<filter key> for each filter, search.barcode with a barcode look-up
//   plus one line in features/registry.ts (the menu name → the lazy page). A whole declaration, for example:
//     export const unitMaster = defineMaster({ name: 'unit', locales: { kr, en }, menu: 'unitInfo',
//       endpoints: unitEndpoints, table: 'units', pageSize: 20, search: { width: 240 },
//       columns: () => [{ key: 'code', width: 120 }, { key: 'name', width: 160 }, { key: 'kind', code: 'UNIT_KIND' }],
//       form: { Fields: UnitForm, width: 560 } });
// The endpoints come from the contract group (`<domain>Endpoints`: list, create, update, remove {id},
// removeBulk {ids}, and `...excelEndpoints(...)` for import and export); the query keys start with the group's
// tag, so other screens' lists of the same rows refresh with it. Test ids are `<name>-create`, `<name>-import`,
// `<name>-table`, `<name>-search`, `<name>-<filter>-filter`, `<name>-barcode`, `<name>-form`, `<name>-form-<field>`,
// `<name>-edit-<code>` and `<name>-delete-<code>`.
// A screen with more than this (a tree beside the list, rules between rows) stays its own page and takes the parts:
// useMasterList (master-list.ts), useMasterApi / useMasterRemove / useMasterRights (master-api.ts),
// useMasterColumns (master-columns.tsx), useMasterCustomFields (master-custom-fields.tsx), MasterFormDialog and the
// items (features/parameter does so). Another screen's pick-list of the same rows uses masterListQuery
// (features/operation useOperations) and so shares the screen's cache.

/** The endpoints a plain master needs from its contract group; the Excel ones are optional. */
export type MasterEndpoints = {
  list: AnyEndpoint;
  create: AnyEndpoint;
  update: AnyEndpoint;
  remove: AnyEndpoint;
  removeBulk: AnyEndpoint;
  excelTemplate?: AnyEndpoint;
  excelCheck?: AnyEndpoint;
  excelSave?: AnyEndpoint;
  excelExport?: AnyEndpoint;
};

/** A row of the list as the list endpoint answers it. */
export type MasterRow<G extends MasterEndpoints> = DataOf<G['list']> extends readonly (infer R)[] ? R : never;
/** What the form edits: the create body. */
export type MasterValues<G extends MasterEndpoints> = BodyArgsOf<G['create']>;
/** What the kit reads from every row: the id (delete), the code (test ids) and the name (the delete question). */
export type MasterRowBase = { id: number; code: string; name: string; ext?: Record<string, unknown> | null };

/**
 * A list column: a DataColumn whose title defaults to `fields.<key>`. A column named after a row field shows the
 * field; `code` shows a code's name in the UI language (category given), `number` a locale-formatted number (the
 * export keeps the number); `text` shows a derived text (a referenced row's name); `render` anything else.
 */
export type MasterColumn<Row> = Omit<DataColumn<Row>, 'title' | 'key' | 'dataIndex'> & { title?: ReactNode } & (
    | { key: keyof Row & string; code?: string; number?: true | Intl.NumberFormatOptions }
    | { key: string; text: (row: Row) => string | null | undefined }
    | { key: string; render: (row: Row) => ReactNode }
  );

/** A filter of the list kept in the URL: a code select of `code` (placeholder `search.<key>`) or one's own input. */
export type MasterFilter = {
  key: string;
  code?: string;
  width?: number;
  render?: (value: string | undefined, onChange: (value: string | undefined) => void) => ReactNode;
};

export type MasterFieldsProps<Row> = { row: Row | null; creating: boolean };

export type MasterFormDef<G extends MasterEndpoints> = {
  /** The form's items (inside a Row gutter 16); the kit adds the custom fields after them. */
  Fields: ComponentType<MasterFieldsProps<MasterRow<G>>>;
  width?: number;
  /** A new row's values. */
  defaults?: Partial<MasterValues<G>>;
  /** Fields whose DUPLICATE answer has its own text `messages.duplicate<Field>`; default ['code']. */
  duplicates?: string[];
  /**
   * After the row is saved (e.g. a file sent with it); `values` has the form's own items too. Answer false when it
   * has told the user something else than "saved" (the dialog closes all the same).
   */
  afterSave?: (saved: MasterRow<G>, values: Record<string, unknown>, refresh: () => Promise<void>) => Promise<boolean>;
};

export type MasterDef<G extends MasterEndpoints> = {
  /** The domain: its i18n namespace and the prefix of its test ids. */
  name: string;
  /** Its locales (registered by defineMaster). */
  locales: Record<Locale, object>;
  /** The menu (contract menu.ts): title, rights (view/create/modify/delete), export name, saved searches. */
  menu: string;
  endpoints: G;
  /** The change-history table of the rows. */
  table: string;
  /** The custom-ext table whose fields the list and the form show. */
  customFields?: CustomExtTable;
  columns: (t: TFunction) => MasterColumn<MasterRow<G>>[];
  /** Server paging with this page size (page and size in the URL); the list is whole without it. */
  pageSize?: number;
  /** The text search `q` (placeholder `search.placeholder`). */
  search?: { width: number };
  filters?: MasterFilter[];
  /** Saved searches of the menu in the table's toolbar; default on. */
  savedSearch?: boolean;
  /** A barcode scan that opens the row (placeholder `search.barcode`); a 404 warns with the code. */
  barcode?: { find: (code: string) => Promise<MasterRow<G>>; width?: number };
  /** The domain's own toolbar items, after the search and before the barcode look-up. */
  toolbar?: (ctx: { edit: (row: MasterRow<G>) => void }) => ReactNode;
  /** The create/update body from the form's values; default: the create body's fields, an empty one as null. */
  toBody?: (values: MasterValues<G>) => MasterValues<G>;
  /**
   * A refused delete the domain explains itself (a rule's message); the calls are then silent. Without it the
   * API client's catalogue shows it (the related-data dialog on ERROR_CONSTRAINT_VIOLATION).
   */
  onRemoveError?: (err: unknown) => void;
  form: MasterFormDef<G>;
};

/** A master declaration, typed from its endpoint group; its locales are registered here. */
export function defineMaster<G extends MasterEndpoints>(def: MasterDef<G>): MasterDef<G> {
  registerLocales(def.name, def.locales);
  return def;
}
