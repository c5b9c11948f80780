// Two accessibility faults of antd's Table that no prop or token reaches, fixed once for every table of the app
// (issue 10 §5, axe "serious"):
// - The hidden measure row (`tr.ant-table-measure-row`, aria-hidden, 0 px high) repeats every column title to
//   measure widths, so the select-all checkbox of a selectable table is in it a second time, focusable inside
//   aria-hidden (axe aria-hidden-focus): keyboard users tab onto an invisible box. `inert` takes the row's copy
//   out of the tab order and the accessibility tree; the row still lays out, so measuring is unchanged.
// - A table with a fixed height scrolls inside `.ant-table-body`; without anything focusable in it, keyboard users
//   cannot scroll it (axe scrollable-region-focusable). It becomes a tab stop, as browsers do for scrollers.

const MEASURE_ROW = '.ant-table-measure-row';
const SCROLL_BODY = '.ant-table-body';
// A wide table without a fixed height scrolls sideways inside `.ant-table-content`: a tab stop while it overflows.
const SCROLL_CONTENT = '.ant-table-content';
const watched = new WeakSet<Element>();

function watchOverflow(el: Element) {
  if (watched.has(el) || typeof ResizeObserver === 'undefined') return;
  watched.add(el);
  const update = () => {
    const over = el.scrollWidth > el.clientWidth + 1;
    if (over && !el.hasAttribute('tabindex')) el.setAttribute('tabindex', '0');
    else if (!over && el.getAttribute('tabindex') === '0') el.removeAttribute('tabindex');
  };
  const observer = new ResizeObserver(update);
  observer.observe(el);
  if (el.firstElementChild) observer.observe(el.firstElementChild);
}

function within(el: Element, selector: string): Element[] {
  return [...(el.matches(selector) ? [el] : []), ...el.querySelectorAll(selector)];
}

function fix(el: Element) {
  for (const row of within(el, MEASURE_ROW)) if (!row.hasAttribute('inert')) row.setAttribute('inert', '');
  for (const body of within(el, SCROLL_BODY)) if (!body.hasAttribute('tabindex')) body.setAttribute('tabindex', '0');
  for (const content of within(el, SCROLL_CONTENT)) watchOverflow(content);
}

/** Fixes what is under `root` now and whatever is added later; returns the function that stops watching. */
export function watchTableA11y(root: Element): () => void {
  fix(root);
  const observer = new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) if (node instanceof Element) fix(node);
  });
  observer.observe(root, { childList: true, subtree: true });
  return () => observer.disconnect();
}
