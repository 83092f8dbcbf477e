import type { QbxmlExchange } from './qbxml-exchange.js';
import { statusOf, type QbxmlStatus } from './qbxml-status.js';
import { parseQbxmlResponse, qbxmlDocument, QbxmlUnreadableError, type QbxmlElement, type QbxmlFields } from './qbxml-xml.js';

/** A request to send: the requestID is added when the document is made. */
export interface QbxmlAsk {
  name: string;
  fields: QbxmlFields;
  attrs?: Record<string, string>;
}

/** QuickBooks' answer to one request of a document: its status and the Rets it carried. */
export interface QbxmlAnswer {
  status: QbxmlStatus;
  rets: QbxmlElement[];
}

/**
 * Sends requests as one document and hands back each one's answer, by its requestID (numbered
 * here from 1, in order). With `stopOnError` QuickBooks leaves out the requests after the first
 * that failed: those have no answer (undefined).
 */
export const askQbxml = async (exchange: QbxmlExchange, requests: QbxmlAsk[], onError: 'stopOnError' | 'continueOnError'): Promise<(QbxmlAnswer | undefined)[]> => {
  const numbered = requests.map((rq, i) => ({ name: rq.name, fields: rq.fields, attrs: { requestID: String(i + 1), ...(rq.attrs ?? {}) } }));
  const answers = new Map<string, QbxmlAnswer>();
  for (const rs of parseQbxmlResponse(await exchange(qbxmlDocument(numbered, onError)))) {
    const status = statusOf(rs);
    answers.set(status.requestId, { status, rets: rs.children });
  }
  return numbered.map((rq) => answers.get(rq.attrs.requestID));
};

/** One request alone: its answer, which QuickBooks always sends for a document of one. */
export const askOne = async (exchange: QbxmlExchange, request: QbxmlAsk): Promise<QbxmlAnswer> => {
  const [answer] = await askQbxml(exchange, [request], 'stopOnError');
  if (!answer) throw new QbxmlUnreadableError(`QuickBooks did not answer ${request.name}.`);
  return answer;
};
