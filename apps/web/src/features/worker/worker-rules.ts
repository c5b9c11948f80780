import dayjs, { type Dayjs } from 'dayjs';
import { formatDateRange } from '../../components/inputs/DateRangeField.tsx';

// The worker screen's rules, apart from its components so they can be tested on their own.

/** This week, Monday to Sunday, as a period text: the work history's default. */
export function thisWeek(now: Dayjs = dayjs()): string {
  const monday = now.startOf('day').subtract((now.day() + 6) % 7, 'day');
  return formatDateRange(monday, monday.add(6, 'day'));
}
