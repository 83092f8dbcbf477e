/**
 * The restrictions module's published face: what other modules may use of it, and all they may use. The
 * rest of the module (its queries, its rows) is its own; a lint rule keeps other modules to this file.
 */
export { grantRestrictions } from './restrictions.queries.js';
