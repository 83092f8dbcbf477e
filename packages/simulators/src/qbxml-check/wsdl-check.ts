import { parseNamespaced, type NamespacedElement } from './namespaced-xml.js';
import type { QbwcRules, WsdlParameter } from './qbwc-rules-types.js';
import { qbwcRules } from './rule-files.js';

const XSD = 'http://www.w3.org/2001/XMLSchema';
const WSDL = 'http://schemas.xmlsoap.org/wsdl/';
const SOAP11 = 'http://schemas.xmlsoap.org/wsdl/soap/';

/**
 * Judges a WSDL a service publishes for the Web Connector (Herd's own, at `?wsdl`) against the
 * rules derived from Intuit's: the same operations, each with its SOAPAction, and the same call and
 * answer elements (parameters by name, in order, with their types and occurrences).
 */
export function judgeWsdl(wsdl: string, rules: QbwcRules = qbwcRules()): string[] {
  const definitions = parseNamespaced(wsdl)[0];
  if (definitions?.local !== 'definitions' || definitions.namespace !== WSDL) return ['the document is not a WSDL 1.1 definitions element'];
  const problems: string[] = [];
  const schema = all(definitions, WSDL, 'types').flatMap((types) => all(types, XSD, 'schema'));
  const elements = new Map(schema.flatMap((each) => all(each, XSD, 'element')).map((each) => [each.attrs.name ?? '', each]));
  const bound = new Map(
    all(definitions, WSDL, 'binding')
      .filter((binding) => all(binding, SOAP11, 'binding').length > 0)
      .flatMap((binding) => all(binding, WSDL, 'operation'))
      .map((operation) => [operation.attrs.name ?? '', all(operation, SOAP11, 'operation')[0]?.attrs.soapAction]),
  );
  for (const [name, operation] of Object.entries(rules.operations)) {
    const action = bound.get(name);
    if (action !== operation.soapAction)
      problems.push(`${name}: its SOAP 1.1 soapAction is ${action ? `"${action}"` : 'missing'}; Intuit's is "${operation.soapAction}"`);
    for (const message of [operation.input, operation.output]) {
      const declared = elements.get(message.element);
      if (!declared) {
        problems.push(`${name}: the schema has no element ${message.element}`);
        continue;
      }
      const found = parametersOf(declared);
      const wanted = message.parameters.map(describe);
      if (found.join(', ') !== wanted.join(', '))
        problems.push(`${message.element}: its parameters are (${found.join(', ') || 'none'}); Intuit's WSDL has (${wanted.join(', ') || 'none'})`);
    }
  }
  for (const name of bound.keys()) if (!rules.operations[name]) problems.push(`${name} is not an operation of Intuit's WSDL`);
  return problems;
}

function all(parent: NamespacedElement, namespace: string, local: string): NamespacedElement[] {
  return parent.children.filter((each) => each.local === local && each.namespace === namespace);
}

/** `name: type [min..max]`, the type without its prefix: prefixes are the writer's choice. */
function parametersOf(element: NamespacedElement): string[] {
  const sequence = all(element, XSD, 'complexType').flatMap((type) => all(type, XSD, 'sequence'))[0];
  return (sequence ? all(sequence, XSD, 'element') : []).map((each) =>
    describe({
      name: each.attrs.name ?? '',
      type: each.attrs.type ?? '',
      min: Number(each.attrs.minOccurs ?? 1),
      max: each.attrs.maxOccurs === 'unbounded' ? 'unbounded' : Number(each.attrs.maxOccurs ?? 1),
    }),
  );
}

const describe = (parameter: WsdlParameter) => `${parameter.name}: ${parameter.type.replace(/^[^:]+:/, '')} [${parameter.min}..${parameter.max}]`;
