import { readFileSync } from 'node:fs';
import type { QbwcRules } from './qbwc-rules-types.js';
import type { QbxmlRules } from './qbxml-rules-types.js';

/** The rules derived from Intuit's published schema and WSDL (see contracts/qbxml-13.0/ and contracts/qbwc/). */
export const QBXML_RULES_FILE = 'qbxml-13.0/rules.json';
export const QBWC_RULES_FILE = 'qbwc/rules.json';

const CONTRACTS = new URL('../../contracts/', import.meta.url);
const loaded = new Map<string, unknown>();

/** Read once for the whole process. */
function read<T>(file: string): T {
  if (!loaded.has(file)) loaded.set(file, JSON.parse(readFileSync(new URL(file, CONTRACTS), 'utf8')));
  return loaded.get(file) as T;
}

export const qbxmlRules = (): QbxmlRules => read<QbxmlRules>(QBXML_RULES_FILE);
export const qbwcRules = (): QbwcRules => read<QbwcRules>(QBWC_RULES_FILE);
