import { registerLocales } from '../../i18n/index.ts';
import en from './locales/en.json';
import kr from './locales/kr.json';

// The dashboard page, its dialogs, the side menu's dashboard entry and the slideshow (the widgets have `widget`).
registerLocales('dashboard', { kr, en });

export const DASHBOARD_NS = 'dashboard';
