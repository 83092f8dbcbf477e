/**
 * A firm's clients table as an accountant meets it, for `--only=clients-table` (bench/clients-table.ts): one firm,
 * its administrator (who sees every client), eight team members and a coworker whose invitation is pending, and
 * client companies grown in ranges (`growClientCompanies`) with what the clients list and its open-work counts read:
 * names of many kinds, every ledger with its connection and sync state (a QuickBooks Desktop company with its Web
 * Connector and last run), assigned members, client users and pending client invitations, transactions waiting
 * for the client or for review, open receipts and open requests. Set-based SQL naming only the columns it fills,
 * as bench/seed.ts: ten thousand companies take seconds.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client.js';
import { hashPassword } from '../apps/server/src/lib/crypto.js';
import { firstPk, seedFirm, seedFirmAdmin, seedUser } from './seed-people.js';

export const CLIENTS_PASSWORD = 'bench-password-1';
export const CLIENTS_ADMIN_EMAIL = 'clients-admin@example.com';
const TEAM = ['Maria Garcia', 'James Smith', 'Priya Patel', 'Chen Wei', 'Olivia Brown', 'Ahmed Hassan', 'Sofia Rossi', 'Liam O’Connor'];

export interface ClientsFirm {
  firmPk: number;
  /** The one receipt file every open receipt points at. */
  filePk: number;
  /** The pending coworker's invitation, assigned to some companies. */
  pendingCoworkerPk: number;
}

/** The firm, its administrator, its team and a coworker still invited. */
export const seedClientsFirm = async (db: Db): Promise<ClientsFirm> => {
  const passwordHash = await hashPassword(CLIENTS_PASSWORD);
  const firmPk = await seedFirm(db, 'Clients Bench Firm');
  const admin = await seedUser(db, { email: CLIENTS_ADMIN_EMAIL, passwordHash, accountType: 'ACCOUNTANT', firstName: 'Avery' });
  await seedFirmAdmin(db, firmPk, admin);
  const team = `{${TEAM.map((n) => `"${n}"`).join(',')}}`;
  await db.execute(sql`insert into users (email, password_hash, account_type, first_name, last_name)
    select 'team-' || g || '@example.com', ${passwordHash}, 'ACCOUNTANT', split_part((${team}::text[])[g], ' ', 1), split_part((${team}::text[])[g], ' ', 2)
    from generate_series(1, ${TEAM.length}) g`);
  await db.execute(sql`insert into firm_members (firm_id, user_id, role)
    select ${firmPk}, pk, 'TEAM_MEMBER' from users where email like 'team-%@example.com' order by pk`);
  const pendingCoworkerPk = firstPk(
    await db.execute(sql`insert into pending_invitations (firm_id, email, first_name, last_name, role, user_pk, member_pk, invited_by)
      values (${firmPk}, 'new-hire@example.com', 'Noah', 'Kim', 'TEAM_MEMBER', nextval(pg_get_serial_sequence('users', 'pk')),
        nextval(pg_get_serial_sequence('firm_members', 'pk')), ${admin}) returning pk`),
  );
  const filePk = firstPk(
    await db.execute(sql`insert into files (firm_id, storage_key, name, content_type, size, sha256)
      values (${firmPk}, 'bench/clients-receipt', 'receipt.pdf', 'application/pdf', 1000, 'bench') returning pk`),
  );
  return { firmPk, filePk, pendingCoworkerPk };
};

/** Names are a prefix, a trade and a suffix; comma-separated lists, split in SQL. */
const PREFIXES =
  'Acme,Blue Ridge,Cedar,Delta,Evergreen,Falcon,Golden Gate,Harbor,Iron,Juniper,Keystone,Lakeside,Maple,North Star,Oakwood,Pioneer,Quarry,Redwood,Summit,' +
  'Twin Pines,Union,Valley,Westfield,Yellowstone,Zenith,Ash & Oak,Bayview,Copper,Driftwood,Elm Street,Foxglove,Granite,Hillcrest,Island,Jasper,Kingfisher,' +
  'Lighthouse,Meadow,Northgate,Orchard,Pinecrest,Riverbend,Silver Lake,Timber,Upland,Vista,Willow,Ángel’s,Brightwater,Crescent';
const TRADES =
  'Bakery,Dental,Plumbing,Landscaping,Consulting,Auto Repair,Coffee Roasters,Fitness,Veterinary Clinic,Design Studio,Construction,Realty,Law Office,' +
  'Pharmacy,Catering,Electric,Roofing,Photography,Brewing,Yoga,Florist,Logistics,Cleaning Services,Marketing,Physical Therapy,Bookkeeping,Hardware,Salon,' +
  'Tutoring,Pet Grooming,Winery,Printing,HVAC,Chiropractic,Boutique,Software,Farms,Painting,Moving,Daycare';
const SUFFIXES = 'LLC,Inc.,& Co.,Ltd,Group,Partners';
const list = (values: string) => sql`(string_to_array(${values}::text, ','))`;

/** The companies `from + 1` to `to` of the range, each with its `g`, as a CTE of later statements. */
const grown = (firmPk: number, before: number, from: number) =>
  sql`grown as (select pk, ${from} + (row_number() over (order by pk))::int as g, connection_kind, connection_state
    from client_companies where firm_id = ${firmPk} and pk > ${before})`;

/**
 * Companies `from + 1` to `to` of the firm, with everything the clients list shows of them. Each `g` names
 * one company: its name's number `n` is g scrambled (a bijection of 0 to 11,999, so no two of 12,000 are alike
 * and the companies first by name are of every kind, not only those of one residue), prefix, trade and suffix
 * cycling through `n` at different rates. A range can be added later: the table grows in place.
 */
export const growClientCompanies = async (db: Db, firm: ClientsFirm, from: number, to: number) => {
  const { firmPk, filePk, pendingCoworkerPk } = firm;
  const before = firstPk(await db.execute(sql`select coalesce(max(pk), 0) as pk from client_companies`));
  // Ledgers by a scrambled g, so they do not line up with the other patterns: 7 in 20 QuickBooks Online, 4 Xero,
  // 1 QuickBooks Desktop, 6 CSV, 1 without a ledger, 1 through the generic API.
  const kind = sql.raw(`(array['QBO','QBO','QBO','QBO','QBO','QBO','QBO','XERO','XERO','XERO','XERO','QBD','CSV','CSV','CSV','CSV','CSV','CSV',
    'CONNECTIONLESS','GENERIC'])[1 + (g * 7919) % 20]::connection_kind`);
  await db.execute(sql`insert into client_companies (firm_id, name, connection_kind, connection_state, created_at)
    select ${firmPk},
      ${list(PREFIXES)}[1 + n % 50] || ' ' || ${list(TRADES)}[1 + (n / 50) % 40] || ' ' || ${list(SUFFIXES)}[1 + (n / 2000) % 6]
        || case when g % 97 = 0 then ' (formerly ' || ${list(PREFIXES)}[1 + (g / 7) % 50] || ' Holdings of the Greater Metropolitan Area)' else '' end,
      ${kind},
      case when (g * 7919) % 20 >= 12 then 'CONNECTED' when g % 23 = 0 then 'NEEDS_REAUTH' when g % 31 = 0 then 'DISCONNECTED' else 'CONNECTED' end::connection_state,
      now() - (g % 1500) * interval '1 day'
    from generate_series(${from + 1}::int, ${to}::int) g cross join lateral (select (g * 4567) % 12000 as n) name order by g`);
  const companies = grown(firmPk, before, from);
  // The ledgers' connections: most synced within two days, one in 29 failing its pulls.
  await db.execute(sql`with ${companies}
    insert into ledger_connections (client_company_id, provider, external_company_id, sync_state, last_synced_at, last_sync_error, next_pull_at, pull_failures)
    select pk, connection_kind::text, 'realm-' || g,
      case when g % 29 = 0 then 'FAILED' else 'IDLE' end::sync_state,
      now() - (g % 48) * interval '1 hour',
      case when g % 29 = 0 then 'The ledger refused the request: the token was revoked.' end,
      now() + (g % 60) * interval '1 minute',
      case when g % 29 = 0 then 2 else 0 end
    from grown where connection_kind in ('QBO', 'XERO', 'QBD') and connection_state <> 'DISCONNECTED'`);
  await db.execute(sql`with ${companies}
    insert into web_connector_logins (client_company_id, user_name, owner_id, file_id, company_file_path, run_every_minutes)
    select pk, 'herd-qbd-' || pk, '{' || md5('owner' || pk)::uuid || '}', '{' || md5('file' || pk)::uuid || '}', 'C:\\Books\\company-' || g || '.qbw', 60
    from grown where connection_kind = 'QBD'`);
  await db.execute(sql`with ${companies}
    insert into web_connector_runs (client_company_id, ticket_hash, outcome, requests, started_at, last_call_at, ended_at)
    select pk, md5('ticket' || pk || '-' || r), 'FINISHED', 12, now() - r * interval '1 hour', now() - r * interval '1 hour', now() - r * interval '1 hour'
    from grown cross join generate_series(1, 3) r where connection_kind = 'QBD'`);
  // Assigned team members: one for most companies, a second for one in five, nobody for one in seven; the coworker
  // still invited on one in forty.
  await db.execute(sql`with ${companies}, team as (select pk, row_number() over (order by pk) - 1 as i from firm_members where firm_id = ${firmPk} and role = 'TEAM_MEMBER')
    insert into client_company_assignments (client_company_id, firm_member_id)
    select grown.pk, team.pk from grown join team on team.i = g % 8 or (g % 5 = 0 and team.i = (g + 3) % 8) where g % 7 <> 0`);
  await db.execute(sql`with ${companies}
    insert into pending_invitation_assignments (pending_invitation_id, client_company_id) select ${pendingCoworkerPk}, pk from grown where g % 40 = 0`);
  // Client users: one for nine in ten companies, a coworker of theirs for one in four; half of the rest have an invitation pending.
  await db.execute(sql`insert into users (email, account_type, first_name, last_name)
    select 'client-' || g || '-' || n || '@clients.example.com', 'CLIENT', (array['Sam','Alex','Jordan','Taylor','Morgan','Casey'])[1 + (g + n) % 6], 'Owner ' || g
    from generate_series(${from + 1}::int, ${to}::int) g cross join generate_series(1, 2) n where g % 10 <> 0 and (n = 1 or g % 4 = 0)`);
  // Found by lower(email), the users' own index: by email as written, ten thousand companies took a minute.
  await db.execute(sql`with ${companies}
    insert into client_memberships (client_company_id, user_id, role)
    select grown.pk, u.pk, case when u.email like '%-1@clients.example.com' then 'CLIENT' else 'CLIENT_COWORKER' end::client_role
    from grown join users u on lower(u.email) in ('client-' || g || '-1@clients.example.com', 'client-' || g || '-2@clients.example.com')`);
  await db.execute(sql`with ${companies}
    insert into pending_invitations (firm_id, client_company_id, email, first_name, last_name, role, user_pk)
    select ${firmPk}, pk, 'invited-' || g || '@clients.example.com', 'Robin', 'Invited ' || g, 'CLIENT', nextval(pg_get_serial_sequence('users', 'pk'))
    from grown where g % 20 = 0`);
  // Transactions for two companies in three: 1 to 24 each, most waiting for the client, some for review, a few refused by the ledger.
  await db.execute(sql`with ${companies}
    insert into transactions (client_company_id, external_id, ledger_entity_type, type, subtype, date, amount, description, payee, status)
    select pk, 'c' || g || '-' || t, 'csv', 'EXPENSE', 'BANK_DEBIT', date '2026-01-01' + (t % 300), ((t * 37 + g) % 100000) / 100.0 + 1, 'Purchase ' || t, 'Vendor ' || (t % 50),
      (case when t % 10 < 6 then 'READY' when t % 10 < 8 then 'FINISHED_IN_HERD' when t % 10 < 9 then 'PUBLISHED_IN_PLATFORM' else 'SYNC_ERROR' end)::transaction_status
    from grown cross join lateral generate_series(1, 1 + (g * 7) % 24) t where g % 3 <> 0`);
  await db.execute(sql`with ${companies}
    insert into receipts (firm_id, client_company_id, file_id, status, source)
    select ${firmPk}, pk, ${filePk}, 'READY', 'EMAIL' from grown cross join generate_series(1, 2) where g % 11 = 0`);
  await db.execute(sql`with ${companies}
    insert into communications (firm_id, client_company_id, kind, sender, subject, text, due_date, status)
    select ${firmPk}, pk, 'REQUEST', 'ACCOUNTANT', 'Bank statements for March', 'Please send the March statements.', date '2026-04-15', 'READY'
    from grown where g % 13 = 0`);
  // The steady state autovacuum keeps a live database in.
  await db.execute(sql`vacuum analyze`);
};
