/**
 * The refs module's published face: what other modules may use of it, and all they may use. The
 * rest of the module is its own; a lint rule keeps other modules to this file.
 */
export { type CompanyReferences, loadCompanyReferences } from './ledger-references.queries.js';
export { isClientCategoryType } from './client-categories.queries.js';
export { createWaitingListEntries, hasWaitingListEntries } from './pending-list-entries.service.js';
export { upsertReferencePage } from './ledger-reference-pages.queries.js';
export { findAccountOptions } from './refs.queries.js';
