/**
 * The ledger-connections module's published face: what other modules may use of it, and all they may use. The
 * rest of the module (its queries, its rows) is its own; a lint rule keeps other modules to this file.
 */
export { connectionOfCompany, saveConnection } from './ledger-connections.queries.js';
export { withGrant } from './grant-lost.queries.js';
export { syncInfo } from './sync-info.view.js';
export { assertConnected, NOTHING_TO_READ, type PullMode, queuePull, requestPull } from './pull-requests.service.js';
export { nextConnectorRuns, nextRunExpectedAt } from './connector-schedule.queries.js';
export { type GrantDeps, revokeLedgerGrants } from './ledger-grants.service.js';
