import { ruleMessage, translateMessage } from '@eqms/contract';
import { useAppStore } from '../../app/store.ts';

// Form rules of the warehouse dialogs that span two fields (the contract checks them on the whole body).

const text = (message: string) => translateMessage(message, useAppStore.getState().locale);

/** The contract's date rule: an expiry date not before the manufacturing date (item depends on manufactureDate). */
export const expiryAfterManufacture = ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
  validator: async (_: unknown, value: string | null | undefined) => {
    const made = getFieldValue('manufactureDate') as string | null | undefined;
    if (value && made && value < made) throw new Error(text(ruleMessage('expiryBeforeManufacture')));
  },
});

/** Required only while `when()` holds (e.g. the override reason of an expired row). */
export const requiredWhen = (when: () => boolean) => ({
  validator: async (_: unknown, value: unknown) => {
    if (when() && (value === undefined || value === null || String(value).trim() === ''))
      throw new Error(text(ruleMessage('required')));
  },
});
