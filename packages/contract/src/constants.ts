// SPEC §9 business constants and limits. One place, used by server and web.
export const API_BASE = '/api';
export const SESSION_IDLE_MS = 1_800_000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
export const ACCESS_TOKEN_TTL_S = 15 * 60;
export const SESSION_WARNING_S = 300;
export const LOGOUT_DELAY_MS = 1000;
export const NOTICE_POLL_MS = 60_000;
export const ONLINE_USERS_POLL_MS = 60_000;
export const ONLINE_WINDOW_MS = 5 * 60 * 1000;
export const PROFILE_PHOTO_MAX_BYTES = 100 * 1024;
/** A product's design image (issue 4: images only, size limit). */
export const DESIGN_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const NOTICE_ATTACHMENT_MAX_BYTES = 20 * 1024 * 1024;
export const CORRELATION_MAX_DAYS = 2;
export const TREND_MAX_DAYS = 7;
export const DRAWER_WIDTH = 300;
export const DRAWER_MINI_WIDTH = 64;
export const SCROLL_TOP_THRESHOLD_PX = 300;
export const NOTIFICATION_LIST_MAX_HEIGHT = 330;
export const NOTICE_DIALOG_MAX_WIDTH = 750;
export const NOTICE_BODY_HEIGHT = 430;
export const CASCADER_MAX_HEIGHT = 380;
export const CASCADER_SEPARATOR = ' / ';
export const SLIDESHOW_CYCLES_S = [5, 10, 20, 30, 60] as const;
export const WIDGET_REFRESH_MIN = [3, 5, 10, 30] as const;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const PAGE_HIT_DELAY_MS = 1000;
export const BARCODE_CLEAR_MS = 300;
export const CHAT_WINDOW = { width: 500, height: 700 } as const;
export const SNACKBAR_TIMEOUT_MS = 2000;
export const ALERT_MAX_WIDTH = 500;
export const PASSWORD_MIN = 8;
export const DECIMAL_MAX_INT_DIGITS = 10;
export const DECIMAL_MAX_SCALE = 5;
/** A display order (sort) is a 4-byte integer column: 9 digits always fit. */
export const SORT_DIGITS = 9;
/** Ids are 4-byte integer identities (apps/server db/columns.ts idColumn): 1 … ID_MAX. */
export const ID_MAX = 2_147_483_647;
export const DEFAULT_LOCALE = 'kr';
export const LOCALES = ['kr', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const THEMES = ['light', 'dark'] as const;
export type ThemeMode = (typeof THEMES)[number];
export const DEFAULT_THEME: ThemeMode = 'light';
export const THEME_COLORS = ['blue', 'teal', 'red', 'orange', 'purple', 'indigo', 'cyan', 'pink', 'green'] as const;
export type ThemeColor = (typeof THEME_COLORS)[number];
/** Primary colour per theme colour name (Material palette 500/600 tones). */
export const THEME_COLOR_HEX: Record<ThemeColor, string> = {
  blue: '#1976D2',
  teal: '#00897B',
  red: '#E53935',
  orange: '#FB8C00',
  purple: '#8E24AA',
  indigo: '#3949AB',
  cyan: '#00ACC1',
  pink: '#D81B60',
  green: '#43A047',
};
export const FIXED_COLORS = {
  secondary: '#424242',
  accent: '#82B1FF',
  error: '#FF5252',
  info: '#2196F3',
  success: '#4CAF50',
  warning: '#FFC107',
} as const;
export const DATE_FORMAT = 'YYYY-MM-DD';
export const DISPLAY_DATE_FORMAT = 'YYYY/MM/DD';
export const TIME_FORMAT = 'HH:mm:ss';
export const TOKEN_STORAGE_KEY = 'eqms.accessToken';
export const USER_ID_STORAGE_KEY = 'eqms.userId';
export const LOCALE_STORAGE_KEY = 'eqms.locale';
export const SLIDES_STORAGE_KEY = 'eqms.dashboardSlides';
export const PAGE_HIT_APP = 'eqms';
