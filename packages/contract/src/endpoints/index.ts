import type { Endpoint } from '../endpoint.js';
import { clientCompanyEndpoints } from './client-companies.js';
import { clientSideEndpoints } from './client-side.js';
import { genericEndpoints } from './generic.js';
import { quickbooksEndpoints } from './quickbooks.js';
import { testingEndpoints } from './testing.js';
import { transactionEndpoints } from './transactions.js';

export * from './client-companies.js';
export * from './client-side.js';
export * from './generic.js';
export * from './ledgers.js';
export * from './quickbooks.js';
export * from './testing.js';
export * from './transactions.js';

/** The route table: every endpoint group; the server serves each, the web app calls them. */
export const endpointGroups = {
  transactions: transactionEndpoints,
  clientCompanies: clientCompanyEndpoints,
  clientSide: clientSideEndpoints,
  generic: genericEndpoints,
  quickbooks: quickbooksEndpoints,
  testing: testingEndpoints,
} as const satisfies Record<string, Record<string, Endpoint>>;

export const allEndpoints = (): Endpoint[] => Object.values(endpointGroups).flatMap((group) => Object.values(group));
