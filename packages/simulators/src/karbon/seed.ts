import { guid, type Prng } from './ids.js';
import { isoSeconds, type KarbonTenant } from './tenant.js';
import { tenantSettings } from './tenant-settings.js';

/** How many records of each kind a seeded tenant holds. */
export interface KarbonSeedCounts {
  users?: number;
  organizations?: number;
  contacts?: number;
  workItems?: number;
  notes?: number;
}

export const DEFAULT_SEED: Required<KarbonSeedCounts> = { users: 4, organizations: 20, contacts: 20, workItems: 10, notes: 3 };

const FIRST = ['Ava', 'Ben', 'Chloe', 'Dan', 'Ella', 'Finn', 'Grace', 'Hugo', 'Isla', 'Jack', 'Kate', 'Liam', 'Mia', 'Noah', 'Olive', 'Paul'];
const LAST = ['Smith', 'Jones', 'Brown', 'Taylor', 'Wilson', 'Evans', 'Walker', 'Wright', 'Green', 'Hall', 'Wood', 'Clarke'];
const TRADES = ['Bakery', 'Plumbing', 'Design', 'Logistics', 'Dental', 'Cafe', 'Builders', 'Consulting', 'Florist', 'Motors'];

/**
 * Fills a tenant from its own PRNG so every run sees the same records. Modification times step
 * back an hour per record from `seedTime`, so `LastModifiedDateTime` filters have something to cut.
 */
export function seedTenant(tenant: KarbonTenant, rng: Prng, counts: KarbonSeedCounts, seedTime: number): void {
  const n = { ...DEFAULT_SEED, ...counts };
  tenant.settings = tenantSettings(tenant.tenantKey);
  const stamp = (i: number) => isoSeconds(seedTime - (i + 1) * 3_600_000);
  const users = Array.from({ length: n.users }, (_, i) => {
    const first = FIRST[i % FIRST.length] ?? 'User';
    const name = `${first} ${LAST[(i * 5) % LAST.length] ?? ''}`;
    return tenant.insert('Users', { Id: guid(rng), Name: name, EmailAddress: `${first.toLowerCase()}${String(i + 1)}@firm.example` }, true);
  });
  const orgs = Array.from({ length: n.organizations }, (_, i) => {
    const name = `${LAST[i % LAST.length] ?? 'Acme'} ${TRADES[Math.floor(i / LAST.length) % TRADES.length] ?? 'Ltd'} ${String(i + 1)}`;
    return tenant.insert(
      'Organizations',
      {
        FullName: name,
        EmailAddress: `office${String(i + 1)}@org.example`,
        ContactType: i % 5 === 4 ? 'Prospect' : 'Client',
        UserDefinedIdentifier: `ORG-${String(i + 1).padStart(4, '0')}`,
        LastModifiedDateTime: stamp(i),
      },
      true,
    );
  });
  const contacts = Array.from({ length: n.contacts }, (_, i) => {
    const first = FIRST[(i * 3) % FIRST.length] ?? 'Sam';
    const last = LAST[(i * 7) % LAST.length] ?? 'Doe';
    return tenant.insert(
      'Contacts',
      {
        FullName: `${first} ${last}`,
        FirstName: first,
        LastName: last,
        EmailAddress: `${first.toLowerCase()}.${last.toLowerCase()}${String(i + 1)}@mail.example`,
        ContactType: i % 4 === 3 ? 'Prospect' : 'Client',
        UserDefinedIdentifier: `CON-${String(i + 1).padStart(4, '0')}`,
        LastModifiedDateTime: stamp(i),
      },
      true,
    );
  });
  const workTypes = ['Bookkeeping', 'Tax Return', 'Client Request'];
  const primary = ['Planned', 'ReadyToStart', 'InProgress', 'Waiting', 'Completed'];
  for (let i = 0; i < n.workItems; i++) {
    const user = users.length > 0 ? rng.pick(users) : undefined;
    const byOrg = i % 2 === 0 && orgs.length > 0;
    const client = byOrg ? rng.pick(orgs) : contacts.length > 0 ? rng.pick(contacts) : undefined;
    if (!client || !user) break;
    tenant.insert(
      'WorkItems',
      {
        Title: `${rng.pick(workTypes)} ${String(i + 1)}`,
        AssigneeEmailAddress: user.EmailAddress ?? null,
        AssigneeKey: user.Id ?? null,
        ClientKey: (byOrg ? client.OrganizationKey : client.ContactKey) ?? null,
        ClientType: byOrg ? 'Organization' : 'Contact',
        ClientName: client.FullName ?? null,
        StartDate: isoSeconds(seedTime + (i - n.workItems) * 86_400_000),
        DueDate: null,
        DeadlineDate: null,
        WorkType: workTypes[i % workTypes.length] ?? null,
        PrimaryStatus: primary[i % primary.length] ?? 'Planned',
        WorkStatus: null,
        Description: '',
      },
      true,
    );
  }
  for (let i = 0; i < n.notes && users.length > 0; i++) {
    const org = orgs[i % Math.max(1, orgs.length)];
    tenant.insert(
      'Notes',
      {
        Subject: `Seeded note ${String(i + 1)}`,
        Body: 'Called the client about last month.',
        AuthorEmailAddress: users[0]?.EmailAddress ?? null,
        CreatedDate: stamp(i),
        Timelines: org ? [{ EntityType: 'Organization', EntityKey: org.OrganizationKey ?? null }] : [],
      },
      true,
    );
  }
}
