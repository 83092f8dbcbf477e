import type { Endpoint } from '../endpoint.js';
import { transactionEndpoints } from './transactions.js';

export * from './transactions.js';

/** The route table: every endpoint group; the server serves each, the web app calls them. */
export const endpointGroups = {
  transactions: transactionEndpoints,
} as const satisfies Record<string, Record<string, Endpoint>>;

export const allEndpoints = (): Endpoint[] => Object.values(endpointGroups).flatMap((group) => Object.values(group));
