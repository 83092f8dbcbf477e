/**
 * The rules module's published face: what other modules may use of it, and all they may use. The
 * rest of the module (its queries, its rows) is its own; a lint rule keeps other modules to this file.
 */
export { rulesForCompany } from './rules.queries.js';
export { countRuleOverrides } from './rule-counters.service.js';
