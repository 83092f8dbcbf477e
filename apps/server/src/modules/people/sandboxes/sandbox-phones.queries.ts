import { and, asc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { clientCompanies, clientMemberships, firmMembers, users } from '../../../db/schema/index.js';

export interface FirmPhone {
  phone: string;
  firstName: string;
  lastName: string;
  email: string;
  /** The client company the person belongs to (their first); null for a member of the firm. */
  company: string | null;
}

/** Phones of the firm's people: its members, then its client users by the company they joined first. */
export const firmPhones = async (db: Db, firmId: number): Promise<FirmPhone[]> => {
  const person = { phone: users.phone, firstName: users.firstName, lastName: users.lastName, email: users.email };
  const [members, clients] = await Promise.all([
    db
      .select(person)
      .from(firmMembers)
      .innerJoin(users, eq(users.pk, firmMembers.userId))
      .where(and(eq(firmMembers.firmId, firmId), eq(users.isActive, true), ne(users.phone, ''))),
    db
      .select({ ...person, company: clientCompanies.name })
      .from(clientMemberships)
      .innerJoin(clientCompanies, eq(clientCompanies.pk, clientMemberships.clientCompanyId))
      .innerJoin(users, eq(users.pk, clientMemberships.userId))
      .where(and(eq(clientCompanies.firmId, firmId), eq(users.isActive, true), ne(users.phone, '')))
      .orderBy(asc(users.pk), asc(clientMemberships.createdAt), asc(clientMemberships.pk)),
  ]);
  const seen = new Set<number | string>();
  const firstOfEach = clients.filter((c) => !seen.has(c.email) && seen.add(c.email));
  return [...members.map((m) => ({ ...m, company: null })), ...firstOfEach];
};
