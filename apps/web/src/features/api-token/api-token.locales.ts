import { registerLocales } from '../../i18n/index.ts';
import en from './locales/en.json';
import kr from './locales/kr.json';

// The token dialog is opened from the desktop profile and the phone's settings, loaded with neither: it registers its
// own namespace.
registerLocales('apiToken', { kr, en });

export const API_TOKEN_NS = 'apiToken';
