import { buildXml, child, leaf, node, parseXml, type OutElement, type XmlElement } from './xml-tree.js';

/** QBWC's service namespace; SOAPAction is this plus the method name (INTEGRATIONS.md §3.1). */
export const QBWC_NAMESPACE = 'http://developer.intuit.com/';
const SOAP_NAMESPACE = 'http://schemas.xmlsoap.org/soap/envelope/';

export type SoapResult = string | number | string[];

export class SoapFaultError extends Error {}

function envelope(content: OutElement): string {
  const attrs = { 'xmlns:soap': SOAP_NAMESPACE, 'xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance', 'xmlns:xsd': 'http://www.w3.org/2001/XMLSchema' };
  return buildXml([{ name: 'xml', attrs: { version: '1.0', encoding: 'utf-8' } }], node('soap:Envelope', [node('soap:Body', [content])], attrs));
}

/** A SOAP 1.1 document/literal call; qbXML goes in as text, so the library escapes it. */
export function buildSoapRequest(method: string, params: [string, string | number][]): string {
  return envelope(
    node(
      method,
      params.flatMap(([name, value]) => leaf(name, value)),
      { xmlns: QBWC_NAMESPACE },
    ),
  );
}

/** `<methodResponse><methodResult>…` ; an array is an ArrayOfString (`<string>` items). */
export function buildSoapResponse(method: string, result: SoapResult): string {
  const resultElement = Array.isArray(result)
    ? node(
        `${method}Result`,
        result.flatMap((item) => leaf('string', item)),
      )
    : { name: `${method}Result`, text: String(result) };
  return envelope(node(`${method}Response`, [resultElement], { xmlns: QBWC_NAMESPACE }));
}

function body(xml: string): XmlElement {
  const root = parseXml(xml).find((each) => each.name === 'Envelope');
  const found = root ? child(root, 'Body') : undefined;
  if (!found) throw new SoapFaultError('not a SOAP envelope');
  const fault = child(found, 'Fault');
  if (fault) throw new SoapFaultError(child(fault, 'faultstring')?.text ?? 'SOAP fault');
  return found;
}

/** The method a SOAP call names and its parameters as text, for a server playing Herd. */
export function parseSoapRequest(xml: string): { method: string; params: Record<string, string> } {
  const call = body(xml).children[0];
  if (!call) throw new SoapFaultError('empty SOAP body');
  return { method: call.name, params: Object.fromEntries(call.children.map((each) => [each.name, each.text])) };
}

/** `<methodResult>` of a response: its text, or its `<string>` items when `asArray`. */
export function parseSoapResponse(xml: string, method: string, asArray = false): string | string[] {
  const response = child(body(xml), `${method}Response`);
  if (!response) throw new SoapFaultError(`no ${method}Response in the SOAP body`);
  const result = child(response, `${method}Result`);
  if (asArray) return result ? result.children.filter((each) => each.name === 'string').map((each) => each.text) : [];
  return result?.text ?? '';
}
