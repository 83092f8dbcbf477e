import { TRIAL_DAYS, type ConnectionKind } from '@herd/contract';
import type { AppDeps } from '../../../app-deps.js';
import type { LedgerGrant } from '../ledger/ledger.face.js';
import { ConflictError } from '../../../lib/errors.js';
import { writeAudit } from '../../../kernel/audit.queries.js';
import { findUserByEmail, insertFirm, insertFirmMember, insertSubscription, insertUser, linkLedgerIdentity } from '../../people/auth/auth.face.js';
import { insertCompany } from '../../../kernel/companies.queries.js';
import { queuePull } from './pull-requests.service.js';
import { seedStarterTemplates } from '../../firm/request-templates/request-templates.face.js';
import { saveGrant, type StartedGrant } from './connect.service.js';
import { createState } from './oauth-state.rule.js';
import type { Visitor } from '../../../kernel/visitor.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Who signed in at the ledger, as its identity service (OpenID) tells it. */
export interface LedgerPerson {
  email: string;
  givenName: string;
  familyName: string;
  phone: string;
  /** The ledger's id of the person (Xero's user id), linked so they can sign in with the ledger later; absent when the ledger gives none. */
  subject?: string;
}

export const startSignup = (deps: AppDeps, _visitor: Visitor, { kind, origin }: { kind: ConnectionKind; origin: string }): StartedGrant => {
  const { state, nonce } = createState(deps.config.secretKey, { purpose: 'signup', userId: null, companyPk: null, origin });
  return { url: deps.ledgers.adapterFor(kind).connect({ state, signup: true }), nonce };
};

/**
 * "Sign up with" a ledger: the person's profile at the ledger becomes a new
 * firm on a trial with them as FIRM_ADMIN, and the companies they granted
 * (Xero lets them tick several organisations) become its first client companies. An email that already has a Herd
 * account is refused: that person signs in and connects instead, so a
 * ledger's login can never take over an existing account.
 */
export const finishSignup = async (
  deps: AppDeps,
  _visitor: Visitor,
  input: { kind: ConnectionKind; person: LedgerPerson; grants: LedgerGrant[] },
): Promise<{ userId: number; companyPks: number[] }> => {
  const { person, grants } = input;
  const adapter = deps.ledgers.adapterFor(input.kind);
  if (await findUserByEmail(deps.db, person.email))
    throw new ConflictError(`A Herd account already uses this email. Sign in, then connect ${adapter.displayName} from your clients list.`);
  const names = await Promise.all(grants.map(async (grant) => (await adapter.companyInfo(grant)).name));
  const firmName = person.familyName ? `${person.givenName} ${person.familyName}`.trim() : person.email;
  const result = await deps.db.transaction(async (tx) => {
    const user = await insertUser(tx, {
      email: person.email,
      passwordHash: null,
      firstName: person.givenName,
      lastName: person.familyName,
      phone: person.phone,
      accountType: 'ACCOUNTANT',
    });
    const firm = await insertFirm(tx, { companyName: `${firmName}'s firm` });
    await insertFirmMember(tx, { firmId: firm.pk, userId: user.pk, role: 'FIRM_ADMIN' });
    await insertSubscription(tx, { firmId: firm.pk, status: 'TRIAL', trialEndsAt: new Date(Date.now() + TRIAL_DAYS * DAY_MS) });
    await seedStarterTemplates(tx, firm.pk);
    if (person.subject) await linkLedgerIdentity(tx, { provider: input.kind, subject: person.subject, userId: user.pk });
    const companyPks: number[] = [];
    for (const [index, grant] of grants.entries()) {
      const company = await insertCompany(tx, { firmId: firm.pk, name: names[index] ?? grant.externalCompanyId, connectionKind: input.kind });
      await saveGrant(tx, { kind: input.kind, companyPk: company.pk, userId: user.pk, grant });
      companyPks.push(company.pk);
    }
    await writeAudit(tx, { firmId: firm.pk, actorUserId: user.pk, action: 'firm.signup', targetType: 'firm', targetPk: firm.pk, details: { via: adapter.kind } });
    return { userId: user.pk, companyPks };
  });
  for (const companyPk of result.companyPks) await queuePull(deps, companyPk, 'FULL');
  return result;
};
