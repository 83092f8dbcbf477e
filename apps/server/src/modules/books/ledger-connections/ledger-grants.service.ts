import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.js';
import type { CompanyRow } from '../../../kernel/company-access.js';
import type { LedgerRegistry } from '../ledger/ledger.face.js';
import { forgetCredentials } from './credential-store.queries.js';

export interface GrantDeps {
  db: Db;
  ledgers: LedgerRegistry;
}

/** When a whole firm disconnects, this many ledger calls run at once: quick, without a burst at one ledger. */
const AT_ONCE = 4;

const revokeOne = async (deps: GrantDeps, company: CompanyRow, log: FastifyBaseLogger) => {
  const adapter = deps.ledgers.adapterFor(company.connectionKind);
  const outcome = await adapter.revoke(company);
  // The disconnect stands either way: the credentials are forgotten, so Herd cannot use them.
  await forgetCredentials(deps.db, company.pk);
  if (outcome.kind === 'revoke-failed') {
    log.warn(
      { err: outcome.error, companyPk: company.pk, failure: adapter.classifyError(outcome.error) },
      `revoking the ${adapter.displayName} grant failed; its credentials are forgotten anyway`,
    );
  }
};

/**
 * After companies are disconnected: each one's ledger revokes its grant and
 * forgets its credentials (nothing to do for ledgers Herd holds itself).
 */
export const revokeLedgerGrants = async (deps: GrantDeps, companies: CompanyRow[], log: FastifyBaseLogger) => {
  for (let i = 0; i < companies.length; i += AT_ONCE) {
    await Promise.all(companies.slice(i, i + AT_ONCE).map((company) => revokeOne(deps, company, log)));
  }
};
