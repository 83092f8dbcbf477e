import type { Endpoint } from '../endpoint.js';
import { fileEndpoints } from './files.js';
import { importEndpoints } from './imports.js';
import { noteEndpoints } from './notes.js';
import { refEndpoints } from './refs.js';
import { transactionEndpoints } from './transactions.js';

export * from './files.js';
export * from './imports.js';
export * from './notes.js';
export * from './refs.js';
export * from './transactions.js';

/** The route table: every endpoint group; the server serves each, the web app calls them. */
export const endpointGroups = {
  transactions: transactionEndpoints,
  files: fileEndpoints,
  notes: noteEndpoints,
  refs: refEndpoints,
  imports: importEndpoints,
} as const satisfies Record<string, Record<string, Endpoint>>;

export const allEndpoints = (): Endpoint[] => Object.values(endpointGroups).flatMap((group) => Object.values(group));
