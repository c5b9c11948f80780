import { registerLocales } from '../../i18n/index.ts';
import en from './locales/visual.en.json';
import kr from './locales/visual.kr.json';

// The visual inspection screen (/haccp/visualInspection) has its own namespace; the words every HACCP record shares
// (status, signature meanings, sign/review/amend) come from the haccp namespace.
registerLocales('haccpVisual', { kr, en });

export const VISUAL_NS = 'haccpVisual';
