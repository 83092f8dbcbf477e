import { XMLBuilder, XMLParser } from 'fast-xml-parser';
import { LedgerUnreachableError } from '../../modules/books/ledger/ledger-errors.port.js';

/**
 * qbXML as Herd reads and writes it. qbXML is validated against the schema's sequences, so a
 * request's children must go out in schema order and names repeat and interleave (line Rets):
 * both directions use fast-xml-parser's ordered form, never objects whose key order is incidental.
 */

/** One request child: `[name, text]`, `[name, children]`, or left out when the value is undefined. */
export type QbxmlField = readonly [string, string | QbxmlFields | undefined];
export type QbxmlFields = readonly QbxmlField[];

/** One `…Rq` of a request document: its name, attributes (requestID, iterator…) and children in schema order. */
export interface QbxmlRequest {
  name: string;
  attrs: Record<string, string>;
  fields: QbxmlFields;
}

/** An element of an answer, in document order. */
export interface QbxmlElement {
  name: string;
  attrs: Record<string, string>;
  children: QbxmlElement[];
  text: string;
}

type OrderedNode = Record<string, unknown> & { ':@'?: Record<string, string> };

/** The qbXML version Herd speaks: 13.0 is QuickBooks 2014 and later (INTEGRATIONS.md §3.3). */
export const QBXML_VERSION = '13.0';

// The builder escapes text and attribute values (`&`, `<`, quotes), so a name typed by a person cannot break the document.
const builder = new XMLBuilder({ preserveOrder: true, ignoreAttributes: false, attributeNamePrefix: '@_', suppressEmptyNode: false, processEntities: true });
const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
});

const attributes = (attrs: Record<string, string>) => Object.fromEntries(Object.entries(attrs).map(([key, value]) => [`@_${key}`, value]));

const ordered = (fields: QbxmlFields): OrderedNode[] =>
  fields.flatMap(([name, value]): OrderedNode[] => {
    if (value === undefined) return [];
    return [{ [name]: typeof value === 'string' ? [{ '#text': value }] : ordered(value) }];
  });

/** A whole request document: the envelope of INTEGRATIONS.md §3.3 around the requests, in order. */
export const qbxmlDocument = (requests: QbxmlRequest[], onError: 'stopOnError' | 'continueOnError'): string =>
  builder.build([
    { '?xml': [{ '#text': '' }], ':@': attributes({ version: '1.0', encoding: 'utf-8' }) },
    { '?qbxml': [{ '#text': '' }], ':@': attributes({ version: QBXML_VERSION }) },
    {
      QBXML: [{ QBXMLMsgsRq: requests.map((rq) => ({ [rq.name]: ordered(rq.fields), ':@': attributes(rq.attrs) })), ':@': attributes({ onError }) }],
    },
  ]) as string;

const toElement = (node: OrderedNode): QbxmlElement | null => {
  const name = Object.keys(node).find((key) => key !== ':@');
  if (name === undefined || name === '#text' || name.startsWith('?')) return null;
  const content = (node[name] as OrderedNode[] | undefined) ?? [];
  return {
    name,
    attrs: { ...(node[':@'] ?? {}) },
    children: content.map(toElement).filter((each): each is QbxmlElement => each !== null),
    text: content
      .filter((each) => '#text' in each)
      .map((each) => String(each['#text']))
      .join(''),
  };
};

/** The `…Rs` elements of a response document, in the order of the requests they answer. */
export const parseQbxmlResponse = (xml: string): QbxmlElement[] => {
  const roots = (parser.parse(xml) as OrderedNode[]).map(toElement).filter((each): each is QbxmlElement => each !== null);
  const messages = roots.find((root) => root.name === 'QBXML')?.children.find((each) => each.name === 'QBXMLMsgsRs');
  if (!messages) throw new QbxmlUnreadableError('QuickBooks answered with no QBXMLMsgsRs.');
  return messages.children;
};

/** An answer Herd cannot read as qbXML: the run's transport is at fault, not the data, so the next run tries again. */
export class QbxmlUnreadableError extends LedgerUnreachableError {}

export const childOf = (parent: QbxmlElement | undefined, name: string): QbxmlElement | undefined => parent?.children.find((each) => each.name === name);
export const childrenOf = (parent: QbxmlElement | undefined, name: string): QbxmlElement[] => parent?.children.filter((each) => each.name === name) ?? [];
export const textOf = (parent: QbxmlElement | undefined, name: string): string => childOf(parent, name)?.text ?? '';
/** A `<XxxRef>`'s ListID; null when absent. */
export const refIdOf = (parent: QbxmlElement | undefined, name: string): string | null => textOf(childOf(parent, name), 'ListID') || null;
export const refNameOf = (parent: QbxmlElement | undefined, name: string): string => textOf(childOf(parent, name), 'FullName');

/**
 * A Ret as a plain object, kept as the record's `raw`: a leaf is its text, an aggregate an object,
 * and a name that repeats (lines) an array.
 */
export const plainOf = (element: QbxmlElement): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  const counts = new Map<string, number>();
  for (const each of element.children) counts.set(each.name, (counts.get(each.name) ?? 0) + 1);
  for (const each of element.children) {
    const value = each.children.length > 0 ? plainOf(each) : each.text;
    if (each.name.endsWith('LineRet') || each.name.startsWith('Journal') || (counts.get(each.name) ?? 0) > 1)
      out[each.name] = [...((out[each.name] as unknown[] | undefined) ?? []), value];
    else out[each.name] = value;
  }
  return out;
};
