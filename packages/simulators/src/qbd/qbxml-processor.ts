import { XMLValidator } from 'fast-xml-parser';
import type { QbdCompany } from './company-store.js';
import { answerCompanyQuery, answerHostQuery, answerPreferencesQuery, SUPPORTED_QBXML_VERSIONS } from './host-queries.js';
import { IteratorRegistry } from './iterators.js';
import { answerJournalEntryAdd } from './journal-adds.js';
import { ADDABLE_LISTS, answerListAdd } from './list-adds.js';
import { answerListQuery } from './list-queries.js';
import { judgeRequestDocument, judgeResponseDocument } from './qbxml-judging.js';
import { unsupportedRequest, failed, type RequestOutcome } from './qbxml-status.js';
import { answerTxnMod } from './txn-mods.js';
import { answerTxnQuery } from './txn-queries.js';
import { LIST_KINDS, TXN_KINDS, type ListKind, type TxnKind } from './types.js';
import { buildXml, child, node, parseXml, type XmlElement } from './xml-tree.js';

/**
 * QuickBooks refuses a document it cannot parse or validate as a whole, before any request runs:
 * the Web Connector then reports the HRESULT to receiveResponseXML instead of a response.
 * `problems` says, in the schema's words, what QuickBooks itself would not (it names no element).
 */
export class QbxmlParseError extends Error {
  constructor(
    readonly hresult: string,
    message: string,
    readonly problems: string[] = [],
  ) {
    super(message);
  }
}

export const PARSE_ERROR_HRESULT = '0x80040400';
const PARSE_ERROR_MESSAGE = 'QuickBooks found an error when parsing the provided XML text stream.';

/** One processed document, for tests and the bench. */
export interface ProcessedDocument {
  requests: string[];
  statusCodes: number[];
}

/**
 * Answers qbXML request documents against one company, request by request in document order.
 * `onError="stopOnError"` (and `rollbackOnError`, whose rollback is not modelled) leaves out every
 * request after the first that fails with severity Error; `continueOnError` answers them all.
 */
export class QbxmlProcessor {
  readonly iterators = new IteratorRegistry();
  readonly processed: ProcessedDocument[] = [];

  constructor(readonly company: QbdCompany) {}

  process(qbxml: string): string {
    const { onError, requests } = this.readDocument(qbxml);
    const responses: ReturnType<typeof node>[] = [];
    const document: ProcessedDocument = { requests: [], statusCodes: [] };
    for (const request of requests) {
      const outcome = this.answer(request);
      responses.push(responseElement(request, outcome));
      document.requests.push(request.name);
      document.statusCodes.push(outcome.status.statusCode);
      if (outcome.status.statusSeverity === 'Error' && onError !== 'continueOnError') break;
    }
    this.processed.push(document);
    const root = node('QBXML', [node('QBXMLMsgsRs', responses)]);
    judgeResponseDocument(root);
    return buildXml([{ name: 'xml', attrs: { version: '1.0' } }], root);
  }

  /** Ends the QuickBooks session: its iterators die with it. */
  endSession(): void {
    this.iterators.clear();
  }

  /**
   * A document QuickBooks cannot read is refused whole: not well-formed, a qbXML version it does not
   * speak, or anything outside the qbXML 13.0 schema (order, required and unknown elements, values).
   */
  private readDocument(qbxml: string): { onError: string; requests: XmlElement[] } {
    let elements: XmlElement[];
    try {
      // The parser reads past a tag left open; QuickBooks does not.
      if (XMLValidator.validate(qbxml) !== true) throw new Error('not well-formed');
      elements = parseXml(qbxml);
    } catch {
      throw new QbxmlParseError(PARSE_ERROR_HRESULT, PARSE_ERROR_MESSAGE, judgeRequestDocument(qbxml));
    }
    const version = elements.find((each) => each.name === '?qbxml')?.attrs.version;
    // A version QuickBooks does not speak is its own refusal (an old QuickBooks), not a schema matter.
    if (version !== undefined && !SUPPORTED_QBXML_VERSIONS.includes(version)) {
      throw new QbxmlParseError(PARSE_ERROR_HRESULT, `${PARSE_ERROR_MESSAGE} (qbXML version "${version}" is not supported)`);
    }
    const problems = judgeRequestDocument(elements);
    if (problems.length > 0) throw new QbxmlParseError(PARSE_ERROR_HRESULT, PARSE_ERROR_MESSAGE, problems);
    // Judged above: the one root is QBXML, holding QBXMLMsgsRq.
    const root = elements.find((each) => each.name === 'QBXML')!;
    const messages = child(root, 'QBXMLMsgsRq')!;
    return { onError: messages.attrs.onError ?? 'stopOnError', requests: messages.children };
  }

  private answer(request: XmlElement): RequestOutcome {
    const match = /^(\w+?)(Query|Mod|Add)Rq$/.exec(request.name);
    const [, subject = '', verb = ''] = match ?? [];
    if (verb === 'Query' && subject === 'Host') return answerHostQuery();
    if (verb === 'Query' && subject === 'Company') return answerCompanyQuery(this.company);
    if (verb === 'Query' && subject === 'Preferences') return answerPreferencesQuery(this.company);
    if (verb === 'Query' && isListKind(subject)) return answerListQuery(this.company, this.iterators, subject, request);
    if (verb === 'Query' && isTxnKind(subject)) return answerTxnQuery(this.company, this.iterators, subject, request);
    if (verb === 'Mod' && isTxnKind(subject)) return answerTxnMod(this.company, subject, request);
    if (verb === 'Add' && isListKind(subject) && ADDABLE_LISTS.includes(subject)) return answerListAdd(this.company, subject, request);
    if (verb === 'Add' && subject === 'JournalEntry') return answerJournalEntryAdd(this.company, request);
    return failed(unsupportedRequest(request.name));
  }
}

const isListKind = (name: string): name is ListKind => (LIST_KINDS as readonly string[]).includes(name);
const isTxnKind = (name: string): name is TxnKind => (TXN_KINDS as readonly string[]).includes(name);

/** `<XxxRs requestID statusCode statusSeverity statusMessage [iteratorRemainingCount iteratorID]>`. */
function responseElement(request: XmlElement, outcome: RequestOutcome) {
  const requestId = request.attrs.requestID;
  const attrs = {
    ...(requestId !== undefined ? { requestID: requestId } : {}),
    statusCode: String(outcome.status.statusCode),
    statusSeverity: outcome.status.statusSeverity,
    statusMessage: outcome.status.statusMessage,
    ...outcome.attrs,
  };
  return node(request.name.replace(/Rq$/, 'Rs'), outcome.rets, attrs);
}
