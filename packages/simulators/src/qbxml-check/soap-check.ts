import { ContentModel } from './content-model.js';
import { modelProblem } from './model-problems.js';
import { parseNamespaced, type NamespacedElement } from './namespaced-xml.js';
import type { QbwcRules, WsdlMessage, WsdlParameter } from './qbwc-rules-types.js';
import { QBWC_RULES_FILE, qbwcRules } from './rule-files.js';

const INT_RANGE = [-(2 ** 31), 2 ** 31 - 1] as const;

/**
 * Judges the Web Connector's SOAP traffic against the rules derived from its WSDL: a call's
 * SOAPAction and envelope, its body element (the operation's, in the service's namespace) and
 * parameters (names, order, how often, types); an answer's `…Response` element and result. A SOAP
 * 1.1 Fault is a lawful answer to any call.
 */
export function judgeSoapCall(body: string, soapAction: string | undefined, rules: QbwcRules = qbwcRules()): { operation?: string; problems: string[] } {
  const { element, problems } = bodyElement(body, rules);
  if (!element) return { problems };
  const operation = Object.entries(rules.operations).find(([, each]) => each.input.element === element.local)?.[0];
  if (!operation || element.namespace !== rules.namespace)
    return {
      problems: [...problems, `the body's ${element.local} (in "${element.namespace}") is not an operation's call of the WSDL (wsdl:portType, ${rules.namespace})`],
    };
  const rule = rules.operations[operation]!;
  const action = soapAction?.trim().replace(/^"(.*)"$/, '$1');
  if (action !== rule.soapAction)
    problems.push(
      `${operation}: the SOAPAction header is ${soapAction === undefined ? 'missing' : soapAction}; the binding says "${rule.soapAction}" (wsdl:binding, ${operation})`,
    );
  problems.push(...parameterProblems(element, rule.input, rules));
  return { operation, problems };
}

/** Judges the answer to a call of `operation`: its `…Response` with the result in the WSDL's type, or a SOAP Fault. */
export function judgeSoapAnswer(operation: string, body: string, rules: QbwcRules = qbwcRules()): string[] {
  const rule = rules.operations[operation];
  if (!rule) return [`${operation} is not an operation of the WSDL (wsdl:portType)`];
  const { element, problems } = bodyElement(body, rules);
  if (!element) return problems;
  if (element.local === 'Fault' && element.namespace === rules.envelopeNamespace) {
    const names = element.children.map((each) => each.local);
    if (!names.includes('faultcode') || !names.includes('faultstring')) problems.push(`${operation}: a SOAP Fault holds faultcode and faultstring (SOAP 1.1)`);
    return problems;
  }
  if (element.local !== rule.output.element || element.namespace !== rules.namespace)
    return [
      ...problems,
      `${operation}: the answer's body holds ${element.local} (in "${element.namespace}"), not ${rule.output.element} in "${rules.namespace}" (wsdl:message ${operation}SoapOut)`,
    ];
  return [...problems, ...parameterProblems(element, rule.output, rules)];
}

/** The one element of the envelope's Body (document/literal). */
function bodyElement(xml: string, rules: QbwcRules): { element?: NamespacedElement; problems: string[] } {
  let roots: NamespacedElement[];
  try {
    roots = parseNamespaced(xml);
  } catch (error) {
    return { problems: [`the SOAP message is not well-formed XML: ${error instanceof Error ? error.message : String(error)}`] };
  }
  const envelope = roots[0];
  if (roots.length !== 1 || envelope?.local !== 'Envelope' || envelope.namespace !== rules.envelopeNamespace)
    return { problems: [`the SOAP message's one element must be Envelope in "${rules.envelopeNamespace}" (SOAP 1.1, the binding's soap:binding)`] };
  const body = envelope.children.find((each) => each.local === 'Body' && each.namespace === rules.envelopeNamespace);
  if (!body) return { problems: ['the SOAP envelope has no Body'] };
  if (body.children.length !== 1) return { problems: [`the SOAP Body must hold one element (document/literal), not ${body.children.length}`] };
  return { element: body.children[0]!, problems: [] };
}

function parameterProblems(element: NamespacedElement, message: WsdlMessage, rules: QbwcRules): string[] {
  return sequenceProblems(element, message.parameters, message.element, `wsdl:types, ${message.element}`, rules);
}

/** Children against a sequence of parameters: names in the service's namespace, order, occurrences, then each one's type. */
function sequenceProblems(element: NamespacedElement, parameters: WsdlParameter[], path: string, where: string, rules: QbwcRules): string[] {
  const problems: string[] = [];
  const model = new ContentModel(
    { sequence: parameters.map((each) => ({ element: each.name, min: each.min, max: each.max })) },
    { file: QBWC_RULES_FILE, name: path, kind: 'element' },
    {},
  );
  const names = element.children.map((each) => each.local);
  const run = model.run(names);
  const problem = modelProblem(model, run, names, path, where);
  if (problem) problems.push(problem);
  if (element.text.trim() !== '') problems.push(`${path} holds text; the WSDL gives it elements only (${where})`);
  for (const child of element.children) {
    const parameter = parameters.find((each) => each.name === child.local);
    if (!parameter) continue;
    const childPath = `${path}/${child.local}`;
    if (child.namespace !== rules.namespace)
      problems.push(`${childPath} is in "${child.namespace}", not "${rules.namespace}" (the schema's elementFormDefault is qualified)`);
    problems.push(...typeProblems(child, parameter, childPath, `${where}/${parameter.name}`, rules));
  }
  return problems;
}

function typeProblems(element: NamespacedElement, parameter: WsdlParameter, path: string, where: string, rules: QbwcRules): string[] {
  const nil = Object.entries(element.attrs).some(([name, value]) => (name === 'nil' || name.endsWith(':nil')) && value === 'true');
  if (nil) return parameter.nillable ? [] : [`${path} is nil; the WSDL does not make it nillable (${where})`];
  const complex = rules.types[parameter.type.replace(/^tns:/, '')];
  if (complex) return sequenceProblems(element, complex, path, where, rules);
  if (element.children.length > 0) return [`${path} holds elements; the WSDL gives it ${parameter.type} (${where})`];
  if (parameter.type === 's:int') {
    const text = element.text.trim();
    const value = Number(text);
    if (!/^[+-]?\d+$/.test(text) || value < INT_RANGE[0] || value > INT_RANGE[1]) return [`${path}: "${text}" is not an s:int (${where})`];
  }
  return [];
}
