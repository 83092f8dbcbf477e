/**
 * QuickBooks Desktop simulator: an in-memory company file, a qbXML processor answering requests
 * as QuickBooks does, and a stand-in for the QuickBooks Web Connector (QBWC) that runs a session
 * against Herd's SOAP endpoint (INTEGRATIONS.md §3).
 *
 * Start with `createQbdSimulator({ companyName?, startTime?, seed?, transactions?, watchedShare?,
 * watchedTransactions? })`, then `sim.webConnector({ qwc, password }).run()` against Herd.
 *
 * Control API (tests): `processQbxml(xml)`, `webConnector(options)` (and on it
 * `dropAfterRequests(n)`, `failToOpenCompany(hresult?, message?)`, `rounds`), `transactions(kind?)`,
 * `listEntries(kind)`, `editTransaction(txnId, change)` (an edit inside QuickBooks: EditSequence
 * and TimeModified move), `addListEntry(entry)`, `endSession()` (iterators expire), `processed()`,
 * `advanceClock(ms)`, `now()`, `reset()`.
 */
export { createQbdSimulator, type QbdSimulator, type QbdSimulatorOptions } from './simulator.js';
export { QbdCompany, type NewListEntry, type NewTxn } from './company-store.js';
export { seedQbdCompany, DEFAULT_QBD_TRANSACTIONS, type SeedQbdCompanyOptions } from './seed.js';
export { QbxmlProcessor, QbxmlParseError, PARSE_ERROR_HRESULT, type ProcessedDocument } from './qbxml-processor.js';
export {
  WebConnector,
  type WebConnectorOptions,
  type WebConnectorRun,
  type RoundTrip as WebConnectorRoundTrip,
  type RunOutcome as WebConnectorOutcome,
} from './web-connector.js';
export { parseQwcFile, type QwcFile } from './qwc-file.js';
export { buildSoapRequest, buildSoapResponse, parseSoapRequest, parseSoapResponse, SoapFaultError, QBWC_NAMESPACE, type SoapResult } from './soap-envelope.js';
export { qbxmlRequest } from './hcp-request.js';
export { judgeServiceAnswer, judgeWebConnectorCall } from './soap-judging.js';
export { parseXml as parseQbdXml, buildXml as buildQbdXml, type XmlElement as QbdXmlElement, type OutElement as QbdOutElement } from './xml-tree.js';
export type { QbxmlStatus, RequestOutcome as QbxmlRequestOutcome } from './qbxml-status.js';
export type {
  Txn as QbdTxn,
  TxnKind as QbdTxnKind,
  ListEntry as QbdListEntry,
  ListKind as QbdListKind,
  Ref as QbdRef,
  ExpenseLine as QbdExpenseLine,
  JournalLine as QbdJournalLine,
  DepositLine as QbdDepositLine,
  ItemLine as QbdItemLine,
} from './types.js';
export { snapshotQbdSimulator, restoreQbdSimulator, type QbdSnapshot } from './snapshot.js';
