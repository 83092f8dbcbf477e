/** Business constants both sides share (timings in milliseconds). */
export const BILLING_INFO_STALE_MS = 30 * 60 * 1000;
export const QUERY_RETRY_ATTEMPTS = 3;
export const QUERY_RETRY_BASE_DELAY_MS = 1000;
export const QUERY_RETRY_MAX_DELAY_MS = 30_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const SPINNER_DELAY_MS = 200;
export const NOTIFICATION_DURATION_S = 4.5;
export const NOTIFICATION_OFFSET_PX = 24;
export const MESSAGE_DURATION_S = 1.5;
export const MESSAGE_TOP_PX = 65;
export const SIDER_WIDTH_PX = 200;
export const SIDER_COLLAPSED_WIDTH_PX = 80;
export const SEARCH_DEBOUNCE_MS = 300;
export const SEARCH_FIELD_WIDTH_PX = 150;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
export const TRIAL_DAYS = 14;
export const MAGIC_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
/** How long the emailed link that finishes a sign-up works. */
export const SIGNUP_CONFIRM_TTL_MS = 24 * 60 * 60 * 1000;
/** Colour used when a firm has not chosen one, and the highlight colour (sage green). */
export const DEFAULT_MAIN_COLOR = '#2f6f5e';
export const HIGHLIGHT_COLOR = '#9caf88';
export const PRODUCT_NAME = 'Herd';
export const LOADING_TEXT = 'Herding uncats...';

/**
 * A cookie the web app can read, set beside the (unreadable) session cookie and cleared with it: a
 * browser without it is signed out, so signed-out pages ask the server nothing that would answer 401.
 */
export const SESSION_HINT_COOKIE = 'herd_signed_in';
