// One implementation of the table filter, shared by every list (pure: no I/O).
type Term = { text: string; caseSensitive: boolean };

/**
 * SPEC §2 table filter syntax: '|' means or, '&' means and, quoted text is a case-sensitive substring, otherwise
 * the match is case-insensitive. '|' and '&' inside quotes are literal. Returns null for an empty query.
 */
export function compileQuickFilter(query: string): ((text: string) => boolean) | null {
  const groups: Term[][] = [[]];
  let cur = '';
  let inQuote = false;
  const push = () => {
    const t = cur.trim();
    cur = '';
    if (!t) return;
    const quoted = /^"(.*)"$/s.exec(t);
    if (quoted) {
      if (quoted[1]) groups[groups.length - 1].push({ text: quoted[1], caseSensitive: true });
    } else if (t.startsWith('"')) {
      // Still typing the closing quote: already match case on what is there.
      if (t.length > 1) groups[groups.length - 1].push({ text: t.slice(1), caseSensitive: true });
    } else groups[groups.length - 1].push({ text: t.toLowerCase(), caseSensitive: false });
  };
  for (const ch of query) {
    if (ch === '"') {
      inQuote = !inQuote;
      cur += ch;
    } else if (!inQuote && ch === '|') {
      push();
      groups.push([]);
    } else if (!inQuote && ch === '&') push();
    else cur += ch;
  }
  push();
  const live = groups.filter((g) => g.length > 0);
  if (live.length === 0) return null;
  return (text: string) => {
    const lower = text.toLowerCase();
    return live.some((g) => g.every((term) => (term.caseSensitive ? text : lower).includes(term.text)));
  };
}
