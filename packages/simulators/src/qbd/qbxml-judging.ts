import { recordContractViolation } from '../contract-check/index.js';
import { judgeQbxml, judgeQbxmlNodes, QBXML_RULES_FILE } from '../qbxml-check/index.js';
import type { OutElement, XmlElement } from './xml-tree.js';

/**
 * The simulated QuickBooks holds qbXML to the rules derived from Intuit's qbXML 13.0 schema, as
 * QuickBooks validates a request document before running any of it. What is outside them is
 * recorded (so the test that sent it fails, in the schema's words) and handed back: a request
 * document with any problem is refused whole. `document` is the text when it could not be read.
 */
export function judgeRequestDocument(document: string | XmlElement[]): string[] {
  const { messages, problems, notDerived } = typeof document === 'string' ? judgeQbxml(document, 'request') : judgeQbxmlNodes(document, 'request');
  const message = `${messages.join(', ') || 'a qbXML document'} (request document)`;
  if (problems.length > 0) recordContractViolation({ contract: QBXML_RULES_FILE, direction: 'request', message, problems });
  // qbXML, but not a message the simulator models or the rules were derived for: answered as unsupported, and recorded.
  if (notDerived.length > 0)
    recordContractViolation({
      contract: QBXML_RULES_FILE,
      direction: 'request',
      message,
      problems: notDerived.map((name) => `${name} is qbXML 13.0, but its rules were not derived and the simulator does not model it (scripts/derive-qbxml-rules.ts)`),
    });
  return problems;
}

/**
 * The simulator's own answer must be qbXML 13.0 too: what strays is recorded (the simulator is
 * wrong, not Herd). Judged only under the test runner, the one place a recorded violation is kept:
 * elsewhere (the sandbox, the benchmark) a page of 500 Rets would be judged for nothing.
 */
export function judgeResponseDocument(root: OutElement): void {
  if (!process.env.VITEST) return;
  const { messages, problems } = judgeQbxmlNodes([asRead(root)], 'response');
  if (problems.length > 0)
    recordContractViolation({
      contract: QBXML_RULES_FILE,
      direction: 'response',
      message: `${messages.join(', ') || 'a qbXML document'} (the simulator's answer)`,
      problems,
    });
}

/** An element as built, in the shape a document is read into. */
const asRead = (element: OutElement): XmlElement => ({
  name: element.name,
  attrs: element.attrs ?? {},
  children: (element.children ?? []).map(asRead),
  text: element.text ?? '',
});
