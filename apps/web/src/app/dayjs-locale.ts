import dayjs from 'dayjs';
import 'dayjs/locale/ko';
import { useAppStore } from './store.ts';

/**
 * dayjs follows the UI language. Called by the layouts (not the entry, so the login page does not load dayjs),
 * during render, because the pages inside format dates in their first render, before a layout effect would run.
 */
export function useDayjsLocale() {
  const locale = useAppStore((s) => s.locale);
  const wanted = locale === 'kr' ? 'ko' : 'en';
  if (dayjs.locale() !== wanted) dayjs.locale(wanted);
}
