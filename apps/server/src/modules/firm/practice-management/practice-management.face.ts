/**
 * The karbon module's published face: what other modules may use of it (telling Karbon of an
 * event, in the transaction that saved it), and all they may use.
 */
export { oweKarbon } from './karbon-events.service.js';
