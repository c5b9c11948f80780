import { registerLocales } from '../../../i18n/index.ts';
import en from './locales/en.json';
import kr from './locales/kr.json';

// The widgets' titles and texts (one namespace for every widget type; the dashboard page has its own).
registerLocales('widget', { kr, en });

export const WIDGET_NS = 'widget';
