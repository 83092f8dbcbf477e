import { XMLValidator } from 'fast-xml-parser';
import { parseXml, type XmlElement } from '../qbd/xml-tree.js';
import { ContentModel, type Origin } from './content-model.js';
import { modelProblem } from './model-problems.js';
import type { AttributeRule, ComplexBody, ElementBody, ElementParticle, QbxmlRules, SimpleRule } from './qbxml-rules-types.js';
import { qbxmlRules } from './rule-files.js';
import { refusalOf } from './simple-values.js';

/**
 * What a qbXML document was judged to be: its messages (…Rq or …Rs, in order), every rule it
 * breaks, and the messages it holds that are qbXML but whose rules were not derived (they cannot
 * be judged: Herd neither sends nor receives them).
 */
export interface QbxmlJudgement {
  messages: string[];
  problems: string[];
  notDerived: string[];
}

/** An element's declaration made concrete: what it may hold, and where that is written (file, type). */
interface Resolved {
  complex?: ComplexBody;
  simple?: SimpleRule;
  notDerived?: true;
  origin: Origin;
}

const MESSAGE_SETS = { request: 'QBXMLMsgsRq', response: 'QBXMLMsgsRs' } as const;

/**
 * Judges a qbXML document against the rules derived from Intuit's qbXML 13.0 schema, as QuickBooks
 * validates a request before running any of it: the `<?qbxml version?>` line (requests), the root
 * and its message set, then each element's children (order, required ones, unknown ones, how often),
 * its attributes and its text (enumerations, lengths, patterns, numbers, dates, booleans).
 * Problems use the schema's names: the element's path from its message, and the file and type
 * holding the rule.
 */
export function judgeQbxml(xml: string, expect: 'request' | 'response', rules: QbxmlRules = qbxmlRules()): QbxmlJudgement {
  // The parser reads past a tag left open; QuickBooks does not.
  const wellFormed = XMLValidator.validate(xml);
  if (wellFormed !== true)
    return { messages: [], notDerived: [], problems: [`the document is not well-formed XML: ${wellFormed.err.msg} (line ${wellFormed.err.line})`] };
  let nodes: XmlElement[];
  try {
    nodes = parseXml(xml);
  } catch (error) {
    return { messages: [], notDerived: [], problems: [`the document is not well-formed XML: ${error instanceof Error ? error.message : String(error)}`] };
  }
  return judgeQbxmlNodes(nodes, expect, rules);
}

/** The same judgement of a document already read (its processing instructions, then its element). */
export function judgeQbxmlNodes(nodes: XmlElement[], expect: 'request' | 'response', rules: QbxmlRules = qbxmlRules()): QbxmlJudgement {
  const problems: string[] = [];
  const version = nodes.find((each) => each.name === '?qbxml')?.attrs.version;
  if (expect === 'request' && version !== rules.source.version)
    problems.push(
      version === undefined
        ? `the document has no <?qbxml version="${rules.source.version}"?> line; QuickBooks reads the version from it`
        : `the document is qbXML ${version}; these rules are qbXML ${rules.source.version}'s`,
    );
  const roots = nodes.filter((each) => !each.name.startsWith('?'));
  const root = roots[0];
  if (roots.length !== 1 || root?.name !== rules.root)
    return { messages: [], notDerived: [], problems: [...problems, `the document's one element must be ${rules.root}`] };
  const notDerived: string[] = [];
  const judge = new Judge(rules, problems, notDerived);
  judge.element(root, judge.global(root.name)!, '');
  const set = root.children[0];
  if (set?.name !== MESSAGE_SETS[expect]) problems.push(`a ${expect} document holds ${MESSAGE_SETS[expect]} (${rules.elements.QBXML?.from}, QBXML)`);
  return { messages: set?.children.map((each) => each.name) ?? [], problems, notDerived };
}

class Judge {
  private readonly models = new WeakMap<ComplexBody, ContentModel>();

  constructor(
    private readonly rules: QbxmlRules,
    private readonly problems: string[],
    private readonly notDerived: string[],
  ) {}

  /** A global element's declaration. */
  global(name: string): Resolved | undefined {
    const rule = this.rules.elements[name];
    return rule ? this.resolve(rule, { file: rule.from, name, kind: 'element' }) : undefined;
  }

  element(element: XmlElement, declared: Resolved, parentPath: string): void {
    // The messages are named from themselves: "CheckModRq/CheckMod", not "QBXML/QBXMLMsgsRq/CheckModRq/CheckMod".
    const path = parentPath ? `${parentPath}/${element.name}` : element.name;
    const where = `${declared.origin.file}, ${declared.origin.name}`;
    if (declared.notDerived) {
      this.notDerived.push(path);
      return;
    }
    this.attributes(element, declared.complex?.attributes ?? [], path, where);
    const text = declared.simple ?? declared.complex?.text;
    if (text) {
      if (element.children.length > 0) this.problems.push(`${path} holds elements; the schema gives it text only (${where})`);
      else this.value(element.text, text, path, where);
      return;
    }
    if (element.text.trim() !== '') this.problems.push(`${path} holds text; the schema gives it elements only (${where})`);
    this.children(element, declared, path, where);
  }

  private children(element: XmlElement, declared: Resolved, path: string, where: string): void {
    const complex = declared.complex ?? {};
    let model = this.models.get(complex);
    if (!model) {
      model = new ContentModel(complex.content, declared.origin, this.rules.groups);
      this.models.set(complex, model);
    }
    const names = element.children.map((each) => each.name);
    const run = model.run(names);
    const problem = modelProblem(model, run, names, path, where);
    if (problem) this.problems.push(problem);
    const childPath = element.name === 'QBXMLMsgsRq' || element.name === 'QBXMLMsgsRs' || element.name === this.rules.root ? '' : path;
    element.children.forEach((child, index) => {
      const step = run.steps[index];
      // Past the first refused child its place is unknown: a global element of its name is still judged.
      const resolved = step ? this.particle(step.particle, step.origin) : this.global(child.name);
      if (resolved) this.element(child, resolved, childPath);
    });
  }

  private particle(particle: ElementParticle, origin: Origin): Resolved | undefined {
    if (!particle.local) return this.global(particle.element);
    return this.resolve(particle.local, { file: origin.file, name: `${origin.name}/${particle.element}`, kind: origin.kind });
  }

  /** A named type is written where it is declared; a type written in place, where its element is. */
  private resolve(body: ElementBody, origin: Origin): Resolved {
    if (body.notDerived) return { notDerived: true, origin };
    if (body.type) {
      const complex = this.rules.complexTypes[body.type];
      if (complex) return { complex, origin: { file: complex.from, name: body.type, kind: 'type' } };
      const simple = this.rules.simpleTypes[body.type];
      if (simple) return { simple: { base: body.type }, origin: { file: simple.from, name: body.type, kind: 'type' } };
      throw new Error(`the rules have no type ${body.type}`);
    }
    return { ...(body.complex ? { complex: body.complex } : {}), ...(body.simple ? { simple: body.simple } : {}), origin };
  }

  private attributes(element: XmlElement, declared: AttributeRule[], path: string, where: string): void {
    for (const [name, value] of Object.entries(element.attrs)) {
      // Namespace declarations are XML's, not the schema's.
      if (name === 'xmlns' || name.startsWith('xmlns:')) continue;
      const rule = declared.find((each) => each.name === name);
      if (!rule) {
        this.problems.push(`${path}: ${name} is not an attribute of ${where.split(', ')[1]} (${where})`);
        continue;
      }
      const type = rule.simple ?? (rule.type ? { base: rule.type } : undefined);
      if (type) this.value(value, type, `${path} @${name}`, where);
    }
    for (const rule of declared)
      if (rule.required && element.attrs[rule.name] === undefined) this.problems.push(`${path}: the attribute ${rule.name} is required (${where})`);
  }

  private value(value: string, type: SimpleRule, path: string, where: string): void {
    const refused = refusalOf(value, type, this.rules.simpleTypes);
    if (refused) this.problems.push(`${path}: ${refused} (${where})`);
  }
}
