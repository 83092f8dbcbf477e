/**
 * Derives `contracts/qbwc/rules.json` from the QuickBooks Web Connector's WSDL as Intuit publishes
 * it (QBWebConnectorSvc.wsdl): the SOAP 1.1 binding's operations, their SOAPActions, and the
 * elements of each call and answer (parameters in order, types, minOccurs/maxOccurs).
 *
 *   node --import tsx packages/simulators/scripts/derive-qbwc-rules.ts <path to QBWebConnectorSvc.wsdl> [commit]
 *
 * The WSDL is Intuit's and is not kept in this repository; see contracts/qbwc/README.md.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { XMLParser } from 'fast-xml-parser';
import type { QbwcRules, WsdlMessage, WsdlParameter } from '../src/qbxml-check/qbwc-rules-types.js';
import { writeRulesJson } from './rules-json.js';

const OUT = new URL('../contracts/qbwc/rules.json', import.meta.url);
const SOAP11_BINDING = 'http://schemas.xmlsoap.org/wsdl/soap/';

type Node = Record<string, unknown>;
const list = (value: unknown): Node[] => (value === undefined ? [] : Array.isArray(value) ? (value as Node[]) : [value as Node]);
const local = (qname: string) => qname.replace(/^[^:]+:/, '');

/** Prefixes are kept: the SOAP 1.1 and SOAP 1.2 bindings differ only by theirs. */
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', parseAttributeValue: false, isArray: () => false });

function parameters(sequence: Node | undefined): WsdlParameter[] {
  return list(sequence?.['s:element']).map((element) => {
    const max = String(element['@maxOccurs'] ?? '1');
    return {
      name: String(element['@name']),
      type: String(element['@type']),
      min: Number(element['@minOccurs'] ?? 1),
      max: max === 'unbounded' ? 'unbounded' : Number(max),
      ...(element['@nillable'] === 'true' ? { nillable: true as const } : {}),
    };
  });
}

function derive(wsdl: string, commit: string): QbwcRules {
  const definitions = (parser.parse(wsdl) as Node)['wsdl:definitions'] as Node;
  const prefixOf = (namespace: string) =>
    Object.entries(definitions)
      .find(([name, value]) => name.startsWith('@xmlns:') && value === namespace)?.[0]
      .slice('@xmlns:'.length);
  const soap = prefixOf(SOAP11_BINDING);
  if (!soap) throw new Error('the WSDL has no SOAP 1.1 binding namespace');
  const schema = (definitions['wsdl:types'] as Node)['s:schema'] as Node;
  const elements = new Map(list(schema['s:element']).map((element) => [String(element['@name']), element]));
  const types = Object.fromEntries(list(schema['s:complexType']).map((type) => [String(type['@name']), parameters(type['s:sequence'] as Node | undefined)]));
  const messages = new Map(list(definitions['wsdl:message']).map((message) => [String(message['@name']), local(String((message['wsdl:part'] as Node)['@element']))]));
  const portType = list(definitions['wsdl:portType'])[0]!;
  const binding = list(definitions['wsdl:binding']).find((each) => each[`${soap}:binding`] !== undefined);
  if (!binding) throw new Error('the WSDL has no SOAP 1.1 binding');
  const bodyOf = (messageName: string): WsdlMessage => {
    const element = messages.get(local(messageName));
    const declared = element ? elements.get(element) : undefined;
    if (!element || !declared) throw new Error(`no element for the message ${messageName}`);
    return { element, parameters: parameters((declared['s:complexType'] as Node | undefined)?.['s:sequence'] as Node | undefined) };
  };
  const operations: QbwcRules['operations'] = {};
  for (const operation of list(portType['wsdl:operation'])) {
    const name = String(operation['@name']);
    const bound = list(binding['wsdl:operation']).find((each) => each['@name'] === name);
    const soapOperation = bound?.[`${soap}:operation`] as Node | undefined;
    if (!soapOperation) throw new Error(`the SOAP 1.1 binding has no ${name}`);
    operations[name] = {
      soapAction: String(soapOperation['@soapAction']),
      input: bodyOf(String((operation['wsdl:input'] as Node)['@message'])),
      output: bodyOf(String((operation['wsdl:output'] as Node)['@message'])),
    };
  }
  return {
    source: {
      document: 'QuickBooks Web Connector service WSDL (QBWebConnectorSvc.wsdl), as published by Intuit',
      repository: 'github.com/flowlink/quickbooks_desktop_integration',
      path: 'QBWebConnectorSvc.wsdl',
      commit,
      licence: 'Intuit Inc.; no licence is stated with the file. Rules derived, file not copied.',
      generator: 'packages/simulators/scripts/derive-qbwc-rules.ts',
    },
    namespace: String(schema['@targetNamespace']),
    envelopeNamespace: 'http://schemas.xmlsoap.org/soap/envelope/',
    operations,
    types,
  };
}

const [path, commit = 'unknown'] = process.argv.slice(2);
if (!path) {
  console.error('usage: node --import tsx packages/simulators/scripts/derive-qbwc-rules.ts <QBWebConnectorSvc.wsdl> [commit]');
  process.exit(2);
}
writeFileSync(OUT, writeRulesJson(derive(readFileSync(path, 'utf8'), commit)));
console.warn(`wrote ${OUT.pathname}`);
