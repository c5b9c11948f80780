import { registerLocales } from '../../i18n/index.ts';
import '../shipment/shipment.locales.ts';
import en from './locales/en.json';
import kr from './locales/kr.json';

// The claims screen (/quality/claim/claim-management): list, form and photos share one namespace. The product
// picker and partner select it borrows read the shipment's and warehouse's namespaces, registered by shipment.locales.
registerLocales('claim', { kr, en });

export const CLAIM_NS = 'claim';
