/**
 * Set by logout so the session gate opens the login page without a redirect back; cleared by the login page. Its
 * own module, so the login page can clear it without loading the API client (session.ts).
 */
export const sessionEnd = { byLogout: false };
