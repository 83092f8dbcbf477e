/**
 * The billing module's published face: what other modules may use of it, and all they may use. The
 * rest of the module (its queries, its rows) is its own; a lint rule keeps other modules to this file.
 */
export { findSubscriptionOfCompany, updateSubscription } from './billing.queries.js';
export { queueQuantitySync } from './billing.job.js';
export { companyFirmIsReadOnly, subscriptionIsReadOnly } from './billing-standing.rule.js';
