import { Clock } from '../qbo/clock.js';
import { QbdCompany } from './company-store.js';
import { qbxmlRequest } from './hcp-request.js';
import type { QbxmlProcessor } from './qbxml-processor.js';
import { seedQbdCompany, type SeedQbdCompanyOptions } from './seed.js';
import { child, node, parseXml, type OutElement, type XmlElement } from './xml-tree.js';

export { qbxmlRequest };

/** A fixed start so seeded ids, dates and EditSequences repeat in every test run. */
export const TEST_START = Date.parse('2026-06-01T16:00:00Z');

export function seededCompany(options: SeedQbdCompanyOptions = {}, name = 'Sample Company'): QbdCompany {
  const company = new QbdCompany(name, new Clock(TEST_START));
  seedQbdCompany(company, options);
  return company;
}

/** `<Name requestID="n">children</Name>` with optional extra attributes. */
export function rq(name: string, children: OutElement[] = [], attrs: Record<string, string> = {}, requestId = '1'): OutElement {
  return node(name, children, { requestID: requestId, ...attrs });
}

/** The `…Rs` elements of a response document. */
export function responses(xml: string): XmlElement[] {
  const root = parseXml(xml).find((each) => each.name === 'QBXML');
  const messages = root ? child(root, 'QBXMLMsgsRs') : undefined;
  if (!messages) throw new Error(`not a qbXML response: ${xml.slice(0, 200)}`);
  return messages.children;
}

export function processOne(processor: QbxmlProcessor, request: OutElement): XmlElement {
  const [response] = responses(processor.process(qbxmlRequest([request])));
  if (!response) throw new Error('no response');
  return response;
}

export const names = (element: XmlElement): string[] => element.children.map((each) => each.name);
