// What the login page loads on demand: the API client (its `login`) and the wording of a failed call. Both stay out of
// the page's first load; a module of their own so tests can stand in for them.
export const loadSession = () => import('../../../app/session.ts');
export const loadErrorText = () => import('../../../api/error-text.ts');
