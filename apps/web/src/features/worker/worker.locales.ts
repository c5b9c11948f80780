import { registerLocales } from '../../i18n/index.ts';
import en from './locales/en.json';
import kr from './locales/kr.json';

// The worker screen (/production/worker): its tree, list, assign dialog and work history share one namespace.
registerLocales('worker', { kr, en });

export const WORKER_NS = 'worker';
