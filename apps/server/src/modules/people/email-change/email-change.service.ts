import { MAGIC_LINK_TTL_MS, details } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import type { JobQueue } from '../../../jobs/job-queue.js';
import { randomToken, sha256 } from '../../../lib/crypto.js';
import { ValidationError } from '../../../lib/errors.js';
import { isUniqueViolation } from '../../../lib/pg-errors.js';
import type { Mailer } from '../../../mail/mailer.js';
import { emailChangeConfirmEmail, emailChangeTakenEmail } from '../../../mail/templates.js';
import { writeAudit } from '../../../kernel/audit.queries.js';
import { findUserByEmail } from '../auth/auth.face.js';
import { findFirm } from '../../../kernel/companies.queries.js';
import {
  claimEmailChange,
  deletePendingEmailChange,
  deletePendingEmailChangesOf,
  findPendingEmailChange,
  findPendingEmailChangeByCode,
  findPersonName,
  insertPendingEmailChange,
  setEmailChangeCode,
  setUserEmail,
} from './email-change.queries.js';
import type { AppDeps } from '../../../app-deps.js';
import type { Visitor } from '../../../kernel/visitor.js';

/*
 * An email change is confirmed by the new address. The request only records it (the same statements
 * whoever the address belongs to), and the job looks the address up after the answer: a free address is
 * mailed a confirmation link, one that belongs to someone else is told that someone tried to use it.
 */

/** Records the change in the caller's transaction; queue the job with `queueEmailChangeJob` once it commits. */
export const recordEmailChange = async (tx: Db, values: { firmId: number; userId: number; newEmail: string; requestedBy: number }) => {
  await deletePendingEmailChangesOf(tx, values.firmId, values.userId);
  return insertPendingEmailChange(tx, values);
};

export const queueEmailChangeJob = (jobs: JobQueue, pendingPk: number) =>
  jobs.send('auth-email', { kind: 'email-change', pendingPk }, `email-change:${pendingPk}:${randomToken()}`);

export const emailChangeUrl = (appUrl: string, code: string) => `${appUrl}/auth/?email-change=${encodeURIComponent(code)}`;

/** The job: mails the new address either the link or the notice; nothing changes on any account here. */
export const runEmailChangeJob = async (ctx: { db: Db; mailer: Mailer; appUrl: string }, pendingPk: number): Promise<void> => {
  const row = await findPendingEmailChange(ctx.db, pendingPk);
  if (!row || row.codeHash !== null) return; // replaced by a newer request, or already mailed by an earlier run
  const firm = await findFirm(ctx.db, row.firmId);
  const firmName = firm?.companyName ?? 'Your accountant';
  const brand = { firmName: firm?.companyName ?? null, mainColor: firm?.mainColor ?? null };
  const owner = await findUserByEmail(ctx.db, row.newEmail);
  if (owner) {
    await deletePendingEmailChange(ctx.db, row.pk);
    if (owner.pk !== row.userId) await ctx.mailer.send(row.newEmail, brand, emailChangeTakenEmail({ firmName, signInUrl: `${ctx.appUrl}/auth/` }), 'EMAIL_CHANGE_TAKEN');
    return;
  }
  const person = await findPersonName(ctx.db, row.userId);
  if (!person) return;
  const code = randomToken();
  await setEmailChangeCode(ctx.db, row.pk, sha256(code), new Date(Date.now() + MAGIC_LINK_TTL_MS));
  await ctx.mailer.send(
    row.newEmail,
    brand,
    emailChangeConfirmEmail({ firstName: person.firstName, firmName, newEmail: row.newEmail, url: emailChangeUrl(ctx.appUrl, code) }),
    'EMAIL_CHANGE_CONFIRM',
  );
};

/**
 * Opens the link: the person's email becomes the new address. Whoever opens it owns that address, so
 * telling them it has meanwhile been taken reveals nothing they could not learn by signing in with it.
 */
export const confirmEmailChange = async ({ db }: Pick<AppDeps, 'db'>, _visitor: Visitor, { code }: { code: string }) => {
  const row = await findPendingEmailChangeByCode(db, sha256(code));
  if (!row) throw ValidationError.detail(details.codeInvalid);
  if (row.confirmedAt || !row.expiresAt || row.expiresAt < new Date()) throw ValidationError.detail(details.codeUsedOrExpired);
  try {
    await db.transaction(async (tx) => {
      if (!(await claimEmailChange(tx, row.pk))) throw ValidationError.detail(details.codeUsedOrExpired);
      await setUserEmail(tx, row.userId, row.newEmail);
      await writeAudit(tx, {
        firmId: row.firmId,
        actorUserId: row.userId,
        action: 'user.email_change_confirmed',
        targetType: 'user',
        targetPk: row.userId,
        details: { requested_by: row.requestedBy },
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw ValidationError.detail(details.emailTaken);
    throw err;
  }
  return { detail: `Your email address is now ${row.newEmail}. Use it to sign in from now on.` };
};
