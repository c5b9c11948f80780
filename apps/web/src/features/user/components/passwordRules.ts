import type { FormRule } from 'antd';
import { checkRule } from '../../../components/formErrors.ts';

/** SPEC §5: the confirmation equals the password (the contract's passwordConfirm message). */
export const passwordConfirmRule: FormRule = ({ getFieldValue }) =>
  checkRule((v) => !!v && v === getFieldValue('password'), 'passwordConfirm');
