/**
 * The push module's published face: whether a person's phone was just told by a push, so another
 * channel does not say it again (docs/phone-app.md).
 */
export { pushedSince } from './push.queries.js';
export { isQuietAt } from './quiet-hours.rule.js';
