import { and, count, eq } from 'drizzle-orm';
import { FEATURE_FLAGS, TRIAL_DAYS } from '@herd/contract';
import type { Db } from '../db/client.js';
import { clientCompanies, clientMemberships, users } from '../db/schema/index.js';
import { hashPassword, verifyPassword } from '../lib/crypto.js';
import type { StorageDriver } from '../modules/platform/stored-files/storage.port.js';
import { saveFirmFlagSetting } from '../modules/platform/feature-flags/feature-flags.queries.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { queueSuggestionRefresh } from '../modules/books/suggestions/refresh-queue.queries.js';
import { seedDemoActivity } from './demo-activity.js';
import { seedDemoHistory } from './demo-history.js';
import { seedDemoLedger } from './demo-ledger.js';
import { seedStarterTemplates } from '../modules/firm/request-templates/starter-templates.service.js';
import { insertFirm, insertFirmMember, insertSubscription, insertUser } from '../modules/people/auth/auth.queries.js';

export const DEMO = {
  firmName: 'Demo Bookkeeping',
  accountantEmail: 'accountant@example.com',
  clientEmail: 'client@example.com',
  /** A number kept for fiction (555-01xx), on the client's profile: the Twilio sandbox page texts receipts from it as them. */
  clientPhone: '+12025550143',
  clientCompanyName: 'Sunrise Bakery LLC',
  csvCompanyName: 'Maple Street Dental',
  password: 'herd-demo-2026',
} as const;

export type DemoDecision = 'seed' | 'skip-disabled' | 'skip-not-empty' | 'skip-external-db' | 'skip-production';

/**
 * The demo firm goes only into an empty database: its admin's password is public (the README), so
 * an external PostgreSQL or a production start (`NODE_ENV=production`) gets it only with
 * DEMO_DATA=on; DEMO_DATA=off never seeds.
 */
export const decideDemoSeed = (mode: 'auto' | 'on' | 'off', where: { externalDb: boolean; production: boolean }, userCount: number): DemoDecision => {
  if (mode === 'off') return 'skip-disabled';
  if (userCount > 0) return 'skip-not-empty';
  if (mode === 'on') return 'seed';
  if (where.production) return 'skip-production';
  if (where.externalDb) return 'skip-external-db';
  return 'seed';
};

/** Said at every production start while the demo's public sign-in works: anyone who read the README is a firm admin. */
export const PUBLIC_DEMO_WARNING = `DEMO DATA IS ON IN PRODUCTION: ${DEMO.accountantEmail} signs in to "${DEMO.firmName}" with the README's public password, so anyone can sign in as its firm admin. Change that password or delete the demo firm.`;

/** Whether the demo accountant still signs in with the public password (one hash check, at start). */
export const demoSignInExists = async (db: Db): Promise<boolean> => {
  const [row] = await db
    .select({ hash: users.passwordHash })
    .from(users)
    .where(and(eq(users.email, DEMO.accountantEmail), eq(users.isActive, true)));
  return row?.hash ? verifyPassword(row.hash, DEMO.password) : false;
};

export const countUsers = async (db: Db): Promise<number> => {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
};

/**
 * One firm and its admin; a client company (on the generic ledger) with its
 * client, a month of transactions in every state and a year of ordinary months
 * answered and published before it; and a CSV company with no client yet.
 * Enough to try every screen, analytics included.
 */
export const seedDemo = async (db: Db, storage: StorageDriver, jobs: Pick<JobQueue, 'send'>): Promise<void> => {
  const passwordHash = await hashPassword(DEMO.password);
  const companyPk = await db.transaction(async (tx) => {
    const firm = await insertFirm(tx, { companyName: DEMO.firmName });
    // The demo shows everything Herd has, whatever this deployment's defaults are.
    for (const flag of FEATURE_FLAGS) await saveFirmFlagSetting(tx, [firm.pk], flag, true);
    await seedStarterTemplates(tx, firm.pk);
    await insertSubscription(tx, {
      firmId: firm.pk,
      status: 'TRIAL',
      trialEndsAt: new Date(Date.now() + TRIAL_DAYS * 24 * 60 * 60 * 1000),
    });
    const accountant = await insertUser(tx, {
      email: DEMO.accountantEmail,
      passwordHash,
      firstName: 'Avery',
      lastName: 'Stone',
      accountType: 'ACCOUNTANT',
    });
    const [company] = await tx
      .insert(clientCompanies)
      .values({ firmId: firm.pk, name: DEMO.clientCompanyName, connectionKind: 'GENERIC', pinnedNote: 'Please answer the October questions by the 10th. Thank you!' })
      .returning();
    await insertFirmMember(tx, {
      firmId: firm.pk,
      userId: accountant.pk,
      role: 'FIRM_ADMIN',
      defaultClientCompanyId: company!.pk,
    });
    const client = await insertUser(tx, {
      email: DEMO.clientEmail,
      passwordHash,
      firstName: 'Casey',
      lastName: 'Baker',
      phone: DEMO.clientPhone,
      // Agreed to questions by text: the texting sandbox shows them, and answers them as Casey.
      textsAgreedAt: new Date(),
      accountType: 'CLIENT',
    });
    await tx.insert(clientMemberships).values({ clientCompanyId: company!.pk, userId: client.pk, role: 'CLIENT' });
    const ledger = await seedDemoLedger(tx, company!.pk);
    const people = { firmId: firm.pk, companyPk: company!.pk, accountantId: accountant.pk, clientId: client.pk };
    await seedDemoActivity(tx, storage, people, ledger);
    await seedDemoHistory(tx, people, ledger);
    await tx.insert(clientCompanies).values({ firmId: firm.pk, name: DEMO.csvCompanyName, connectionKind: 'CSV' });
    return company!.pk;
  });
  // The client's editor opens with suggestions learned from the summer's answers: the workers compute them at start.
  await queueSuggestionRefresh(jobs, companyPk, null);
};
