import { and, asc, eq, sql } from 'drizzle-orm';
import type { SandboxSender } from '@herd/simulators';
import type { Db } from '../db/client.js';
import { clientCompanies, clientMemberships, users } from '../db/schema/index.js';
import { DEMO } from '../seed/demo.js';

const INTERNATIONAL = /^\+[1-9]\d{6,14}$/;

/**
 * The demo client's phone, for the sandbox page's "text Herd" form: the number that texts as them
 * and the company their texted receipts go to (the one they joined first). Read from their profile
 * each time, so it follows an edit; none when the demo was not seeded, or their phone is empty or
 * not written with its country code (the form takes international numbers only).
 */
export const demoSender = async (db: Db): Promise<SandboxSender | null> => {
  const [row] = await db
    .select({ phone: users.phone, firstName: users.firstName, lastName: users.lastName, email: users.email, company: clientCompanies.name })
    .from(users)
    .innerJoin(clientMemberships, eq(clientMemberships.userId, users.pk))
    .innerJoin(clientCompanies, eq(clientCompanies.pk, clientMemberships.clientCompanyId))
    .where(and(sql`lower(${users.email}) = ${DEMO.clientEmail}`, eq(users.isActive, true)))
    .orderBy(asc(clientMemberships.createdAt), asc(clientMemberships.pk))
    .limit(1);
  const number = row?.phone.replace(/[^\d+]/g, '') ?? '';
  if (!row || !INTERNATIONAL.test(number)) return null;
  const name = `${row.firstName} ${row.lastName}`.trim();
  return { number, label: `${name ? `${name} (${row.email})` : row.email}, the demo client, whose receipts go to ${row.company}` };
};
