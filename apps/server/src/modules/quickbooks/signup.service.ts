import { TRIAL_DAYS } from '@herd/contract';
import type { AppDeps } from '../../app-deps.js';
import { ConflictError } from '../../lib/errors.js';
import { writeAudit } from '../audit/audit.queries.js';
import { findUserByEmail, insertFirm, insertFirmMember, insertSubscription, insertUser } from '../auth/auth.queries.js';
import { insertCompany } from '../client-companies/client-companies.queries.js';
import { queuePull } from '../transactions/ledger-sync.js';
import { createState } from './oauth-state.js';
import { readCompanyName, redirectUri, saveQboConnection, SIGNUP_CALLBACK_PATH } from './quickbooks.service.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export const startSignup = (deps: AppDeps) => {
  const { state, nonce } = createState(deps.config.secretKey, { purpose: 'signup', userId: null, companyPk: null });
  return { url: deps.qbo.oauth.authorizeUrl({ state, redirectUri: redirectUri(deps, SIGNUP_CALLBACK_PATH), openid: true }), nonce };
};

/**
 * "Sign up with Intuit": the person's Intuit profile (OpenID userinfo)
 * becomes a new firm on a trial with them as FIRM_ADMIN, and the QuickBooks
 * company they chose becomes its first client company. An email that already
 * has a Herd account is refused: that person signs in and connects instead.
 */
export const finishSignup = async (deps: AppDeps, input: { code: string; realmId: string }): Promise<{ userId: number; companyPk: number }> => {
  const tokens = await deps.qbo.oauth.exchangeCode(input.code, redirectUri(deps, SIGNUP_CALLBACK_PATH));
  const person = await deps.qbo.oauth.userinfo(tokens.accessToken);
  if (!person.email) throw new ConflictError('Intuit did not share an email address, which Herd needs for your account.');
  if (await findUserByEmail(deps.db, person.email)) throw new ConflictError('A Herd account already uses this email. Sign in, then connect QuickBooks from your clients list.');
  const companyName = await readCompanyName(deps, tokens, input.realmId);
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
    const company = await insertCompany(tx, { firmId: firm.pk, name: companyName, connectionKind: 'QBO' });
    await saveQboConnection(tx, deps, { companyPk: company.pk, realmId: input.realmId, userId: user.pk, tokens });
    await writeAudit(tx, { firmId: firm.pk, actorUserId: user.pk, action: 'firm.signup', targetType: 'firm', targetPk: firm.pk, details: { via: 'intuit' } });
    return { userId: user.pk, companyPk: company.pk };
  });
  await queuePull(deps, result.companyPk, 'FULL');
  return result;
};
