/**
 * The refs module's published face: what other modules may use of it, and all they may use. The
 * rest of the module is its own; a lint rule keeps other modules to this file.
 */
export { type CompanyReferences, loadCompanyReferences } from './ledger-references.js';
export { isClientCategoryType } from './client-categories.js';
export { createWaitingListEntries, hasWaitingListEntries } from './pending-list-entries.js';
export { upsertReferencePage } from './ledger-reference-pages.js';
