/**
 * Derives `contracts/qbxml-13.0/rules.json` from Intuit's qbXML 13.0 schema files, for the
 * messages Herd sends and the simulated QuickBooks answers and everything they refer to.
 *
 *   node --import tsx packages/simulators/scripts/derive-qbxml-rules.ts <folder with qbxmlops130.xsd…> [commit]
 *
 * The schema files are Intuit's ("Use is subject to a qbXML Developer Agreement") and are not kept
 * in this repository; only these rules, read from them, are. See contracts/qbxml-13.0/README.md.
 */
import { writeFileSync } from 'node:fs';
import type { QbxmlRules } from '../src/qbxml-check/qbxml-rules-types.js';
import { key, readSchemaFiles, XsdReader, type Component, type Reference } from './xsd-reader.js';
import { writeRulesJson } from './rules-json.js';

const FILES = ['qbxmltypes130.xsd', 'qbxml130.xsd', 'qbxmlso130.xsd', 'qbxmlops130.xsd'];
const OUT = new URL('../contracts/qbxml-13.0/rules.json', import.meta.url);

const LISTS = ['Account', 'Vendor', 'Customer', 'Class', 'Item', 'SalesTaxCode', 'PaymentMethod'];
const TXNS = ['Check', 'CreditCardCharge', 'CreditCardCredit', 'Deposit', 'Bill', 'VendorCredit', 'JournalEntry', 'SalesReceipt'];
const ADDS = ['Vendor', 'Customer', 'Account', 'JournalEntry'];

/** The requests Herd sends (and the simulated QuickBooks answers), and their responses. */
const REQUESTS = [
  'HostQueryRq',
  'CompanyQueryRq',
  'PreferencesQueryRq',
  ...[...LISTS, ...TXNS].map((each) => `${each}QueryRq`),
  ...TXNS.map((each) => `${each}ModRq`),
  ...ADDS.map((each) => `${each}AddRq`),
];
const MESSAGES = [...REQUESTS, ...REQUESTS.map((each) => each.replace(/Rq$/, 'Rs'))];
/** The message sets that list every message of qbXML: only the derived ones get their rules. */
const MESSAGE_SETS = new Set(['QBXMLMsgsRq', 'QBXMLMsgsRs']);
/** Message sets Herd never uses (sign-on, subscriptions): known by name, not derived. */
const NOT_DERIVED = new Set(['SignonMsgsRq', 'SignonMsgsRs', 'QBXMLSubscriptionMsgsRq', 'QBXMLSubscriptionMsgsRs']);

function derive(folder: string, commit: string): QbxmlRules {
  const components = readSchemaFiles(folder, FILES);
  const rules: QbxmlRules = {
    source: {
      schema: 'Intuit qbXML',
      version: '13.0',
      files: FILES,
      repository: 'github.com/hotgluexyz/qbwc-common, qbwc_common/qbd_xml_schemas/',
      commit,
      licence: '(c) 2013 Intuit Inc. All rights reserved. Use is subject to a qbXML Developer Agreement (developer.intuit.com/legal). Rules derived, files not copied.',
      generator: 'packages/simulators/scripts/derive-qbxml-rules.ts',
    },
    root: 'QBXML',
    messages: MESSAGES,
    elements: {},
    complexTypes: {},
    groups: {},
    simpleTypes: {},
  };
  const pending: Reference[] = [{ kind: 'element', name: 'QBXML' }];
  const done = new Set<string>();
  const reader = new XsdReader(
    (reference) => pending.push(reference),
    (name) => MESSAGES.includes(name),
  );
  for (let reference = pending.pop(); reference; reference = pending.pop()) {
    const component = resolve(components, reference);
    const id = key(component.kind, component.name);
    if (done.has(id)) continue;
    done.add(id);
    const { name, file: from, node } = component;
    if (component.kind === 'element') {
      const messageSet = MESSAGE_SETS.has(name);
      rules.elements[name] = NOT_DERIVED.has(name)
        ? { from, notDerived: true }
        : { from, ...(messageSet ? { complex: reader.complexType(only(node, 'complexType'), true) } : reader.elementBody(node)) };
    } else if (component.kind === 'complexType') rules.complexTypes[name] = { from, ...reader.complexType(node) };
    else if (component.kind === 'simpleType') rules.simpleTypes[name] = { from, ...reader.simpleType(node) };
    else rules.groups[name] = { from, content: reader.particle(only(node, 'sequence', 'choice')) };
  }
  for (const message of MESSAGES) if (!components.has(key('complexType', `${message}Type`))) throw new Error(`${message} is not in the schema`);
  return rules;
}

/** A `type=` names a complex or a simple type: whichever the schema declares. */
function resolve(components: Map<string, Component>, reference: Reference): Component {
  const kinds = reference.kind === 'complexType' ? (['complexType', 'simpleType'] as const) : [reference.kind];
  for (const kind of kinds) {
    const found = components.get(key(kind, reference.name));
    if (found) return found;
  }
  throw new Error(`the schema has no ${reference.kind} ${reference.name}`);
}

function only(node: Component['node'], ...names: string[]) {
  const found = node.children.filter((each) => names.includes(each.name));
  if (found.length !== 1) throw new Error(`<${node.attrs.name}> must hold one of ${names.join(', ')}`);
  return found[0]!;
}

const [folder, commit = 'unknown'] = process.argv.slice(2);
if (!folder) {
  console.error('usage: node --import tsx packages/simulators/scripts/derive-qbxml-rules.ts <folder with the qbXML 13.0 .xsd files> [commit]');
  process.exit(2);
}
writeFileSync(OUT, writeRulesJson(derive(folder, commit)));
console.warn(`wrote ${OUT.pathname}`);
