/**
 * The receipts module's published face: what other modules may use of it, and all they may use. The
 * rest of the module (its queries, its rows) is its own; a lint rule keeps other modules to this file.
 */
export { viewerWhere } from './receipts.queries.js';
export { type IntakeLog, intakeReceipts } from './receipt-intake.service.js';
export { checkReceiptFile } from './receipt-files.rule.js';
export { companyReceiptScope, countOpenReceipts, findScopedReceipts, receiptAccess, seesReceiptFile } from './receipt-scope.service.js';
export { companiesOfClient, findUserByReceiptsToken, parseReceiptsToken, RECEIPTS_PREFIX } from './receipt-address.service.js';
