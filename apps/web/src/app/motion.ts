// Whether the UI should move. Browser tests drive the app with navigator.webdriver set: dialogs, dropdowns and
// charts appear at once, so a click never lands beside a button that is still zooming in and a screenshot never
// catches a chart half drawn. People who ask their system for reduced motion get the same calm UI.
const UNDER_TEST = typeof navigator !== 'undefined' && navigator.webdriver === true;

const REDUCED_MOTION =
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-reduced-motion: reduce)').matches
    : false;

export const MOTION = !UNDER_TEST && !REDUCED_MOTION;
