import { WRITABLE_SUBSCRIPTION_STATUSES, type AccountType, type FirmRole, type SubscriptionStatus } from '@herd/contract';
import type { Db } from '../../db/client.js';
import { ReadOnlyError } from '../../lib/errors.js';
import {
  findActiveUser,
  findClientCompaniesOfUser,
  findFirmMembership,
  findSubscription,
} from './actor.queries.js';

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

export const resolveActor = async (db: Db, userId: number): Promise<Actor | null> => {
  const user = await findActiveUser(db, userId);
  if (!user) return null;
  const membership = await findFirmMembership(db, userId);
  const companies = membership ? [] : await findClientCompaniesOfUser(db, userId);
  const firmId = membership?.firmId ?? companies[0]?.firmId ?? null;
  const status = firmId ? effectiveSubscriptionStatus(await findSubscription(db, firmId)) : null;
  return {
    userId,
    accountType: user.accountType,
    firmId,
    firmRole: membership?.role ?? null,
    firmMemberId: membership?.pk ?? null,
    clientCompanyIds: companies.map((c) => c.pk),
    viewingAsClient: null,
    subscriptionStatus: status,
    readOnly: status !== null && !WRITABLE_SUBSCRIPTION_STATUSES.includes(status),
  };
};

/** Every mutation of a firm's data calls this first (billing, auth and profile are exempt). */
export const assertWritable = (actor: Actor): void => {
  if (actor.readOnly) throw new ReadOnlyError();
};
