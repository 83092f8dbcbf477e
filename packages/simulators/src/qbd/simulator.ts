import { Clock } from '../qbo/clock.js';
import { QbdCompany, type NewListEntry } from './company-store.js';
import { QbxmlProcessor, type ProcessedDocument } from './qbxml-processor.js';
import { seedQbdCompany, type SeedQbdCompanyOptions } from './seed.js';
import type { ListEntry, ListKind, Txn, TxnKind } from './types.js';
import { WebConnector, type WebConnectorOptions } from './web-connector.js';

export interface QbdSimulatorOptions extends SeedQbdCompanyOptions {
  /** Default "Sample Company". */
  companyName?: string;
  /** The clock's start (ms since epoch); default now. Seeded data is dated relative to it. */
  startTime?: number;
}

/**
 * One QuickBooks Desktop company with QuickBooks open on it: the qbXML processor and a Web
 * Connector to run sessions against Herd. The control methods are what no qbXML request does.
 */
export interface QbdSimulator {
  readonly company: QbdCompany;
  readonly processor: QbxmlProcessor;
  /** Answers a qbXML request document as QuickBooks would (throws QbxmlParseError for a refused one). */
  processQbxml(qbxml: string): string;
  /** A Web Connector for this company, from a .qwc file's content and the password typed into it. */
  webConnector(options: Omit<WebConnectorOptions, 'processor'>): WebConnector;
  transactions(kind?: TxnKind): Txn[];
  listEntries(kind: ListKind): ListEntry[];
  /** A change made inside QuickBooks by the bookkeeper: EditSequence and TimeModified move. */
  editTransaction(txnId: string, change: (txn: Txn) => void): Txn;
  addListEntry(entry: NewListEntry): ListEntry;
  /** Ends the QuickBooks session: open iterators expire. */
  endSession(): void;
  processed(): ProcessedDocument[];
  advanceClock(ms: number): void;
  now(): number;
  /** Seeds the company afresh with the options it was created with. */
  reset(): void;
}

export function createQbdSimulator(options: QbdSimulatorOptions = {}): QbdSimulator {
  const clock = new Clock(options.startTime);
  let company = seeded();
  let processor = new QbxmlProcessor(company);

  function seeded(): QbdCompany {
    const fresh = new QbdCompany(options.companyName ?? 'Sample Company', clock);
    seedQbdCompany(fresh, options);
    return fresh;
  }

  return {
    get company() {
      return company;
    },
    get processor() {
      return processor;
    },
    processQbxml: (qbxml) => processor.process(qbxml),
    webConnector: (connectorOptions) => new WebConnector({ ...connectorOptions, processor }),
    transactions: (kind) => company.txns(kind),
    listEntries: (kind) => company.lists(kind),
    editTransaction: (txnId, change) => company.editTxn(txnId, change),
    addListEntry: (entry) => company.addList(entry),
    endSession: () => processor.endSession(),
    processed: () => processor.processed,
    advanceClock: (ms) => clock.advance(ms),
    now: () => clock.now(),
    reset: () => {
      clock.reset();
      company = seeded();
      processor = new QbxmlProcessor(company);
    },
  };
}
