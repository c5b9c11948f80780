import { Row } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../app/store.ts';
import { FormDialog } from '../FormDialog.tsx';
import { showSaveError } from '../formErrors.ts';
import { bodyShape, formValuesOf, useMasterApi } from './master-api.ts';
import type { MasterDef, MasterEndpoints, MasterRow, MasterRowBase, MasterValues } from './master-def.ts';
import { MasterFormContext } from './master-fields.tsx';

type Values = Record<string, unknown>;
const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * Create (row === null) or edit a row of a master: the declaration's fields, then `extra` (the custom fields). Saving
 * sends the body, puts a refused field's message on the field (duplicates with their own words) and says "saved".
 */
export function MasterFormDialog<G extends MasterEndpoints>({
  def,
  open,
  row,
  defaults,
  extra,
  prepare,
  onClose,
}: {
  def: MasterDef<G>;
  open: boolean;
  row: MasterRow<G> | null;
  /** A new row's values from the screen (e.g. the tool chosen in a tree), over the declaration's. */
  defaults?: Partial<MasterValues<G>>;
  /** Items after the fields (the custom fields: useMasterCustomFields) and the values they add to the body. */
  extra?: ReactNode;
  prepare?: (values: Values) => Values;
  onClose: () => void;
}) {
  const { t } = useTranslation([def.name, 'common']);
  const api = useMasterApi(def);
  const { Fields, width, duplicates = ['code'], afterSave } = def.form;
  const creating = row === null;
  const shape = bodyShape(def.endpoints.create);
  const context = useMemo(() => ({ name: def.name, shape, creating }), [def.name, shape, creating]);
  const initialValues = (row ? formValuesOf(shape, row) : { ...def.form.defaults, ...defaults }) as Partial<Values>;
  const duplicateText = Object.fromEntries(duplicates.map((f) => [f, t(`messages.duplicate${capitalized(f)}`)]));

  return (
    <FormDialog<Values>
      open={open}
      title={creating ? t('titles.create') : t('titles.edit')}
      initialValues={initialValues}
      testId={`${def.name}-form`}
      width={width}
      onClose={onClose}
      onSubmit={async (formValues, form) => {
        const values = prepare ? prepare(formValues) : formValues;
        let saved: MasterRow<G>;
        try {
          const v = values as MasterValues<G>;
          saved = row ? await api.update((row as unknown as MasterRowBase).id, v) : await api.create(v);
        } catch (err) {
          showSaveError(form, err, { duplicateText });
          throw err;
        }
        if (afterSave && !(await afterSave(saved, values, api.refresh))) return;
        useAppStore.getState().notify(t('common:messages.saved'), 'success');
      }}
    >
      <MasterFormContext.Provider value={context}>
        <Row gutter={16}>
          <Fields row={row} creating={creating} />
        </Row>
        {extra}
      </MasterFormContext.Provider>
    </FormDialog>
  );
}
