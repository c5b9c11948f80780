import { registerLocales } from '../../i18n/index.ts';
import '../quality/quality.locales.ts';
import '../shipment/shipment.locales.ts';
import en from './locales/en.json';
import kr from './locales/kr.json';

// The measurement results screen (/quality/product/measurementResult): list, upload dialog and drawer share one
// namespace. The judgement tags are the quality screens' (quality namespace), the product picker the shipment's.
registerLocales('measurementResult', { kr, en });

export const MEASUREMENT_NS = 'measurementResult';
