/**
 * A list's filters as a server export's query string (`?a=1&b=x`, or '' for none): paging is left out on purpose,
 * the export holds every matching row. Blank filters are skipped; keys keep the order given.
 */
export function filterQuery(filters: Record<string, string | number | null | undefined>): string {
  const q = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) q.set(key, String(value));
  const text = q.toString();
  return text ? `?${text}` : '';
}
