import type { FormRule } from 'antd';
import { checkRule } from '../../../components/formErrors.ts';

/** SPEC §5: the confirmation is required and equals the password (the contract's messages). */
export const passwordConfirmRule: FormRule[] = [
  checkRule((v) => typeof v === 'string' && v !== '', 'required'),
  ({ getFieldValue }) => checkRule((v) => !v || v === getFieldValue('password'), 'passwordConfirm'),
];
