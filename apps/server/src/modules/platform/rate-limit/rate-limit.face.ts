/**
 * The rate-limit module's published face: what other modules may use of it, and all they may use. The
 * rest of the module is its own; a lint rule keeps other modules to this file.
 */
export { assertBackoff, assertWithinLimit, CONNECTOR_LOGIN_BACKOFF, consume, LOGIN_BACKOFF, type RateRule, recordHit, reset, RULES } from './rate-limit.service.js';
