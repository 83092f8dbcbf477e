import { WRITABLE_SUBSCRIPTION_STATUSES, type AccountType, type FirmRole, type SubscriptionStatus } from '@herd/contract';
import type { Db } from '../../db/client.js';
import { ReadOnlyError } from '../../lib/errors.js';
import { sql } from 'drizzle-orm';

/** Who is acting: resolved once per request, passed first to every service. */
export interface Actor {
  userId: number;
  accountType: AccountType;
  firmId: number | null;
  firmRole: FirmRole | null;
  firmMemberId: number | null;
  /** Companies a client user belongs to; empty for accountant-side users. */
  clientCompanyIds: number[];
  /** Set when an accountant is looking at a client's dashboard as that client. */
  viewingAsClient: number | null;
  subscriptionStatus: SubscriptionStatus | null;
  readOnly: boolean;
}

/** A trial past its end date is expired even before a job has written that down. */
export const effectiveSubscriptionStatus = (
  sub: { status: SubscriptionStatus; trialEndsAt: Date | null } | null,
  now = new Date(),
): SubscriptionStatus | null => {
  if (!sub) return null;
  if (sub.status === 'TRIAL' && sub.trialEndsAt && sub.trialEndsAt < now) return 'TRIAL_EXPIRED';
  return sub.status;
};

interface ActorRow {
  account_type: AccountType;
  member_pk: number | null;
  member_firm_id: number | null;
  role: FirmRole | null;
  companies: number[] | null;
  client_firm_id: number | null;
  status: SubscriptionStatus | null;
  trial_ends_at: Date | string | null;
}

/**
 * Everything the actor needs in one round trip: the user, their firm
 * membership or client companies, and the firm's subscription. It runs on
 * every authenticated request, so it is one query rather than four.
 */
export const resolveActor = async (db: Db, userId: number): Promise<Actor | null> => {
  const result = (await db.execute(sql`
    select u.account_type, fm.pk as member_pk, fm.firm_id as member_firm_id, fm.role,
      (select array_agg(m.client_company_id order by m.pk) from client_memberships m where m.user_id = u.pk) as companies,
      cf.firm_id as client_firm_id, s.status, s.trial_ends_at
    from users u
    left join firm_members fm on fm.user_id = u.pk
    left join lateral (
      select c.firm_id from client_memberships m join client_companies c on c.pk = m.client_company_id
      where m.user_id = u.pk order by m.pk limit 1
    ) cf on fm.pk is null
    left join subscriptions s on s.firm_id = coalesce(fm.firm_id, cf.firm_id)
    where u.pk = ${userId} and u.is_active`)) as unknown as { rows: ActorRow[] };
  const row = result.rows[0];
  if (!row) return null;
  const firmId = row.member_firm_id ?? row.client_firm_id ?? null;
  const status = row.status
    ? effectiveSubscriptionStatus({ status: row.status, trialEndsAt: row.trial_ends_at ? new Date(row.trial_ends_at) : null })
    : null;
  return {
    userId,
    accountType: row.account_type,
    firmId,
    firmRole: row.role,
    firmMemberId: row.member_pk,
    clientCompanyIds: row.member_pk === null ? (row.companies ?? []).map(Number) : [],
    viewingAsClient: null,
    subscriptionStatus: status,
    readOnly: status !== null && !WRITABLE_SUBSCRIPTION_STATUSES.includes(status),
  };
};

/** Every mutation of a firm's data calls this first (billing, auth and profile are exempt). */
export const assertWritable = (actor: Actor): void => {
  if (actor.readOnly) throw new ReadOnlyError();
};
