import { registerLocales } from '../../i18n/index.ts';
import en from './locales/en.json';
import kr from './locales/kr.json';

// The equipment screens (kinds, stock, history) and the shell's equipment-insufficient alert share one namespace.
registerLocales('equipment', { kr, en });

export const EQUIPMENT_NS = 'equipment';
