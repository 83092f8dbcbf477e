/**
 * The receipts module's published face: what other modules may use of it, and all they may use. The
 * rest of the module (its queries, its rows) is its own; a lint rule keeps other modules to this file.
 */
export { viewerWhere } from './receipts.queries.js';
export { intakeReceipts, type IntakeLog } from './receipt-intake.js';
export { checkReceiptFile } from './receipt-files.js';
export { seesReceiptFile } from './receipt-scope.js';
export { countOpenReceipts } from './receipt-scope.js';
