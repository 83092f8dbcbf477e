/**
 * The transactions module's published face: what other modules may use of it, and all they may use. The
 * rest of the module (its queries, its rows) is its own; a lint rule keeps other modules to this file.
 */
export { findProcessingOfCompany, findTransactionsOfCompany, updateTransactions } from './transactions.queries.js';
export { upsertLedgerRows } from './ledger-rows.queries.js';
export { countersFor, serialize } from './transactions-read.service.js';
export { applyLedgerRecords } from './ledger-apply.queries.js';
export { rereadWaitingForConnector, runPull } from './ledger-sync.service.js';
export { publishWaitingForConnector, sendToLedger } from './publish.service.js';
export { type LedgerDeps } from './ledger-deps.types.js';
export { type CountRuleOverrides } from './rule-counter.port.js';
export { attachesInLedger, queueLedgerAttach } from './ledger-attach.job.js';
export { type RuleAnswer, writeRuleAnswers } from './rule-answers.queries.js';
export { answerTransactions, listTransactions, sendTransactionsBack } from './transactions.service.js';
export { applyAskRules, receiptRuleOf } from './ask-rules.queries.js';
export { needsReceipt } from './ask-rules.rule.js';
export { saveBooksLock } from './books-lock.queries.js';
export { type AutomationEventInput, recordAutomation, recordMatcherOverruled } from './automation-events.queries.js';
