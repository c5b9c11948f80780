import { registerLocales } from '../../i18n/index.ts';
import en from './locales/en.json';
import kr from './locales/kr.json';

// Machine data (/dataCollection/trend, /dataCollection/correlation, the parameter screen's ingest keys): one namespace.
registerLocales('dataCollection', { kr, en });

export const DATA_COLLECTION_NS = 'dataCollection';
