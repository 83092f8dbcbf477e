import { randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import {
  clientCompanies,
  clientMemberships,
  firmMembers,
  globalBanners,
  ledgerAccounts,
  ledgerRefs,
  outbox,
  subscriptions,
  transactions,
  users,
} from '../src/db/schema/index.js';
import { hash } from '@node-rs/argon2';
import { hashPassword } from '../src/lib/crypto.js';
import { insertFirm, insertFirmMember, insertSubscription, insertUser } from '../src/modules/people/auth/auth.queries.js';
import type { TestClient } from './client.js';

export const PASSWORD = 'correct-horse-battery';

/**
 * One Argon2id hash of PASSWORD for every fixture user of a file, made at the lowest cost Argon2
 * allows. A hash carries its own salt and cost, so signing in still runs the real verification of
 * a real hash; it takes a third of a millisecond instead of twenty, and the suite signs in thousands
 * of times. Passwords a test sets through the API are hashed at the production cost as ever.
 */
let defaultHash: Promise<string> | null = null;
const FIXTURE_COST = { algorithm: 2, memoryCost: 64, timeCost: 1, parallelism: 1 } as const;
const hashOf = (password: string): Promise<string> => {
  if (password !== PASSWORD) return hashPassword(password);
  defaultHash ??= hash(PASSWORD, FIXTURE_COST);
  return defaultHash;
};

export const uniqueEmail = (prefix = 'user') => `${prefix}-${randomBytes(4).toString('hex')}@example.com`;

export interface FirmFixture {
  firmId: number;
  adminId: number;
  adminEmail: string;
}

export const createFirm = async (
  db: Db,
  opts: { email?: string; name?: string; status?: 'TRIAL' | 'TRIAL_EXPIRED' | 'PAID' | 'CANCELLED'; trialEndsAt?: Date } = {},
): Promise<FirmFixture> => {
  const email = opts.email ?? uniqueEmail('admin');
  const user = await insertUser(db, {
    email,
    passwordHash: await hashOf(PASSWORD),
    firstName: 'Ada',
    lastName: 'Admin',
    accountType: 'ACCOUNTANT',
  });
  const firm = await insertFirm(db, { companyName: opts.name ?? 'Test Firm' });
  await insertFirmMember(db, { firmId: firm.pk, userId: user.pk, role: 'FIRM_ADMIN' });
  await insertSubscription(db, {
    firmId: firm.pk,
    status: opts.status ?? 'TRIAL',
    trialEndsAt: opts.trialEndsAt ?? new Date(Date.now() + 14 * 86_400_000),
  });
  return { firmId: firm.pk, adminId: user.pk, adminEmail: email };
};

export const addFirmMember = async (db: Db, firmId: number, role: 'FIRM_ADMIN' | 'CLIENT_ADMIN' | 'TEAM_MEMBER' = 'TEAM_MEMBER') => {
  const email = uniqueEmail('coworker');
  const user = await insertUser(db, {
    email,
    passwordHash: await hashOf(PASSWORD),
    firstName: 'Cody',
    lastName: 'Coworker',
    accountType: 'ACCOUNTANT_COWORKER',
  });
  await insertFirmMember(db, { firmId, userId: user.pk, role });
  return { userId: user.pk, email };
};

export const createClientUser = async (db: Db, firmId: number, opts: { email?: string; password?: string | null } = {}) => {
  const [company] = await db.insert(clientCompanies).values({ firmId, name: 'Client Co', connectionKind: 'CSV' }).returning();
  const email = opts.email ?? uniqueEmail('client');
  const user = await insertUser(db, {
    email,
    passwordHash: opts.password === null ? null : await hashOf(opts.password ?? PASSWORD),
    firstName: 'Cleo',
    lastName: 'Client',
    accountType: 'CLIENT',
  });
  await db.insert(clientMemberships).values({ clientCompanyId: company!.pk, userId: user.pk, role: 'CLIENT' });
  return { userId: user.pk, email, companyId: company!.pk };
};

export const createBanner = async (db: Db, values: Partial<typeof globalBanners.$inferInsert> = {}) => {
  const [row] = await db
    .insert(globalBanners)
    .values({ message: 'Scheduled maintenance on Sunday.', ...values })
    .returning();
  return row!;
};

export const setSubscription = (db: Db, firmId: number, status: 'TRIAL' | 'PAID' | 'CANCELLED' | 'TRIAL_EXPIRED', trialEndsAt?: Date) =>
  db
    .update(subscriptions)
    .set({ status, ...(trialEndsAt ? { trialEndsAt } : {}) })
    .where(eq(subscriptions.firmId, firmId));

export const setMfa = (db: Db, userId: number, method: 'SMS' | 'TOTP') => db.update(users).set({ mfaMethod: method }).where(eq(users.pk, userId));

/** The newest email to someone, as the outbox recorded it. */
export const lastEmailTo = async (db: Db, to: string) => {
  const [row] = await db.select().from(outbox).where(eq(outbox.recipient, to)).orderBy(desc(outbox.pk)).limit(1);
  return row ?? null;
};

/** The emails written to `to`, oldest first. */
export const emailsTo = (db: Db, to: string) => db.select().from(outbox).where(eq(outbox.recipient, to)).orderBy(outbox.pk);

/** The code in an emailed link, e.g. `?magic=<code>`, `?reset=<code>` or `?signup=<code>`. */
export const codeFromEmail = (text: string, param: 'magic' | 'reset' | 'signup' | 'email-change'): string => {
  const match = text.match(new RegExp(`[?&]${param}=([A-Za-z0-9_%-]+)`));
  if (!match?.[1]) throw new Error(`no ${param} link in email:\n${text}`);
  return decodeURIComponent(match[1]);
};

export const signIn = async (client: TestClient, email: string, password = PASSWORD) => {
  const res = await client.post('users/login/', { email, password });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return res.json();
};

/** A signed-in client for each kind of user around one firm, plus an outsider firm. */
export const signedInCast = async (db: Db, newClient: () => TestClient) => {
  const firm = await createFirm(db);
  const clientAdmin = await addFirmMember(db, firm.firmId, 'CLIENT_ADMIN');
  const teamMember = await addFirmMember(db, firm.firmId, 'TEAM_MEMBER');
  const client = await createClientUser(db, firm.firmId);
  const outsider = await createFirm(db);
  const as = async (email: string) => {
    const c = newClient();
    await signIn(c, email);
    return c;
  };
  return {
    firm,
    outsider,
    clientUser: client,
    teamMemberId: teamMember.userId,
    admin: await as(firm.adminEmail),
    clientAdmin: await as(clientAdmin.email),
    teamMember: await as(teamMember.email),
    client: await as(client.email),
    otherFirmAdmin: await as(outsider.adminEmail),
    anonymous: newClient(),
  };
};

export const firmMemberPkOf = async (db: Db, userId: number) => {
  const [row] = await db.select({ pk: firmMembers.pk }).from(firmMembers).where(eq(firmMembers.userId, userId));
  return row!.pk;
};

export const createLedgerAccount = async (db: Db, companyPk: number, values: { name: string; isPaymentAccount?: boolean; isWatched?: boolean }) => {
  const [row] = await db
    .insert(ledgerAccounts)
    .values({
      clientCompanyId: companyPk,
      externalId: randomBytes(6).toString('hex'),
      name: values.name,
      accountType: values.isPaymentAccount ? 'Bank' : 'Expense',
      isPaymentAccount: values.isPaymentAccount ?? false,
      isWatched: values.isWatched ?? false,
    })
    .returning();
  return row!;
};

export const createRef = async (db: Db, companyPk: number, kind: (typeof ledgerRefs.$inferInsert)['kind'], name: string) => {
  const [row] = await db
    .insert(ledgerRefs)
    .values({ clientCompanyId: companyPk, kind, name, externalId: randomBytes(6).toString('hex') })
    .returning();
  return row!;
};

/** A bank CSV with `good` valid rows and the given bad ones appended. */
export const bankCsv = (good: number, bad: string[] = []) =>
  [
    'Date,Description,Amount,Payee',
    ...Array.from({ length: good }, (_, i) => `2026-01-${String((i % 28) + 1).padStart(2, '0')},Purchase ${i + 1},-${(i + 1) * 3}.25,Vendor ${i % 5}`),
    ...bad,
  ].join('\n');

/** A bank line waiting on the client (READY, an expense of 12.00 dated 2026-05-20 unless `values` say otherwise), written directly. */
export const insertWaitingTransaction = async (db: Db, companyPk: number, values: Partial<typeof transactions.$inferInsert> = {}) => {
  const [row] = await db
    .insert(transactions)
    .values({
      clientCompanyId: companyPk,
      externalId: `waiting-${randomBytes(6).toString('hex')}`,
      ledgerEntityType: 'csv',
      type: 'EXPENSE',
      subtype: 'csv',
      date: '2026-05-20',
      amount: '12.00',
      ...values,
    })
    .returning();
  return row!;
};
