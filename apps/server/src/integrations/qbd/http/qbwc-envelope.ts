import { XMLBuilder, XMLParser } from 'fast-xml-parser';

/** The Web Connector's service namespace; its SOAPAction is this plus the method's name. */
export const QBWC_NAMESPACE = 'http://developer.intuit.com/';
const SOAP_NAMESPACE = 'http://schemas.xmlsoap.org/soap/envelope/';

/** A SOAP call Herd cannot read: answered with a client fault. */
export class QbwcEnvelopeError extends Error {}

export interface QbwcCall {
  method: string;
  /** The call's parameters by name, as text (qbXML travels escaped inside them and comes out as a string). */
  params: Record<string, string>;
}

// Values stay strings: a ticket or a qbXML document must never be read as a number or trimmed.
const parser = new XMLParser({ ignoreAttributes: true, removeNSPrefix: true, parseTagValue: false, trimValues: false, processEntities: true });
const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@', suppressEmptyNode: false });

const asText = (value: unknown): string => {
  if (value === undefined || value === null) return '';
  if (typeof value === 'object') return ''; // an element with children is not a scalar parameter
  return String(value);
};

/** Reads a SOAP 1.1 document/literal call: the Body's one element names the method, its children are the parameters. */
export const readQbwcCall = (xml: string): QbwcCall => {
  let parsed: Record<string, unknown>;
  try {
    parsed = parser.parse(xml, true) as Record<string, unknown>;
  } catch (error) {
    throw new QbwcEnvelopeError(`The request is not well-formed XML: ${error instanceof Error ? error.message : String(error)}`);
  }
  const envelope = parsed.Envelope as Record<string, unknown> | undefined;
  const body = envelope?.Body as Record<string, unknown> | undefined;
  if (!body || typeof body !== 'object') throw new QbwcEnvelopeError('The request is not a SOAP envelope with a body.');
  const [method, content] = Object.entries(body)[0] ?? [];
  if (!method) throw new QbwcEnvelopeError('The SOAP body names no method.');
  const params = typeof content === 'object' && content !== null ? Object.fromEntries(Object.entries(content).map(([name, value]) => [name, asText(value)])) : {};
  return { method, params };
};

const envelope = (body: Record<string, unknown>) =>
  `<?xml version="1.0" encoding="utf-8"?>${builder.build({
    'soap:Envelope': {
      '@xmlns:soap': SOAP_NAMESPACE,
      '@xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
      '@xmlns:xsd': 'http://www.w3.org/2001/XMLSchema',
      'soap:Body': body,
    },
  })}`;

/** `<methodResponse><methodResult>…`: text (the builder escapes it), or an ArrayOfString's `<string>` items. */
export const qbwcResponse = (method: string, result: string | number | string[]): string =>
  envelope({
    [`${method}Response`]: {
      '@xmlns': QBWC_NAMESPACE,
      [`${method}Result`]: Array.isArray(result) ? { string: result } : String(result),
    },
  });

/** A SOAP fault: `soap:Client` for a call Herd cannot read. */
export const qbwcFault = (message: string): string => envelope({ 'soap:Fault': { faultcode: 'soap:Client', faultstring: message } });
