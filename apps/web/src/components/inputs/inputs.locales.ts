import { registerLocales } from '../../i18n/index.ts';
import en from './locales/en.json';
import kr from './locales/kr.json';

// The shared inputs' own texts; rule messages come from the contract (messages.ts) instead.
registerLocales('inputs', { kr, en });

export const INPUTS_NS = 'inputs';
