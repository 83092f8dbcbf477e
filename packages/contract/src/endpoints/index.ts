import type { Endpoint } from '../endpoint.js';
import { appEndpoints } from './app.js';
import { authEndpoints, profileEndpoints } from './auth.js';
import { firmSettingsEndpoints } from './firm.js';
import { clientUserEndpoints, coworkerEndpoints } from './people.js';
import { restrictionEndpoints } from './restrictions.js';
import { transactionEndpoints } from './transactions.js';

export * from './app.js';
export * from './auth.js';
export * from './firm.js';
export * from './people.js';
export * from './restrictions.js';
export * from './transactions.js';

/** The route table: every endpoint group; the server serves each, the web app calls them. */
export const endpointGroups = {
  transactions: transactionEndpoints,
  app: appEndpoints,
  auth: authEndpoints,
  profile: profileEndpoints,
  coworkers: coworkerEndpoints,
  clientUsers: clientUserEndpoints,
  restrictions: restrictionEndpoints,
  firmSettings: firmSettingsEndpoints,
} as const satisfies Record<string, Record<string, Endpoint>>;

export const allEndpoints = (): Endpoint[] => Object.values(endpointGroups).flatMap((group) => Object.values(group));
