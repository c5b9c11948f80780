import { registerLocales } from '../../i18n/index.ts';
import planEn from '../production-plan/locales/en.json';
import planKr from '../production-plan/locales/kr.json';
import en from './locales/en.json';
import kr from './locales/kr.json';

// The kiosk's namespace, and the production plan's for the work status labels (SPEC §4: plan completed, working,
// work completed) so both screens name a status alike.
registerLocales('kiosk', { kr, en });
registerLocales('productionPlan', { kr: planKr, en: planEn });

export const KIOSK_NS = 'kiosk';
export const PLAN_NS = 'productionPlan';
