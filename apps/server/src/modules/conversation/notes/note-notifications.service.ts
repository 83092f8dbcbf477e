import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { clientCompanies, communications, transactions, users } from '../../../db/schema/index.js';
import type { Mailer } from '../../../mail/mailer.js';
import { noteEmail } from '../../../mail/templates.js';
import type { Actor } from '../../../kernel/actor.js';
import { findBrandOfUser } from '../../people/auth/auth.face.js';
import { magicLinkUrl } from '../../people/auth/auth.face.js';
import { issueCode } from '../../people/auth/auth.face.js';
import type { ThreadAccess, ThreadKind } from './note-targets.service.js';
import { clientRecipients, firmRecipients, receiptRecipients } from '../../messaging/notifications/notifications.face.js';
import { replyAddressFor, type ReplyAddressing } from '../../../mail/reply-token.js';

export interface NoteMailDeps {
  db: Db;
  mailer: Mailer;
  config: { appUrl: string } & ReplyAddressing;
}

/** The people of the client's side who can see the thread. */
const clientSide = (db: Db, companyPk: number, kind: ThreadKind, targetPk: number) =>
  kind === 'receipt' ? receiptRecipients(db, companyPk, targetPk) : clientRecipients(db, companyPk, kind === 'transaction' ? targetPk : null);

const describe = async (db: Db, companyPk: number, kind: ThreadKind, pk: number) => {
  if (kind === 'receipt') return 'a receipt';
  if (kind === 'communication') {
    const [row] = await db
      .select({ subject: communications.subject })
      .from(communications)
      .where(and(eq(communications.clientCompanyId, companyPk), eq(communications.pk, pk)));
    return row ? `the request “${row.subject}”` : 'a request';
  }
  if (kind !== 'transaction') return 'your company';
  const [tx] = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.clientCompanyId, companyPk), eq(transactions.pk, pk)));
  return tx ? `the ${tx.date} transaction “${tx.payee || tx.description || 'without a description'}” of ${tx.amount} ${tx.currency}` : 'a transaction';
};

/**
 * A note reaches the other side by email: the accountant's to the client's
 * people who can see it (each with their own sign-in link), the client's to
 * the people assigned to the company (or the firm's admins). The firm's
 * internal thread mails nobody. A client can answer the accountant's by
 * email: its Reply-To is that thread's, signed for that person.
 */
export const mailNoteToOtherSide = async (deps: NoteMailDeps, actor: Actor, access: ThreadAccess, kind: ThreadKind, targetPk: number, body: string) => {
  if (kind === 'accountant-company' || access.clientCompanyId === null) return;
  const { db } = deps;
  const companyPk = access.clientCompanyId;
  const toClient = access.senderKind === 'ACCOUNTANT';
  const recipients = (toClient ? await clientSide(db, companyPk, kind, targetPk) : await firmRecipients(db, access.firmId, companyPk)).filter(
    (r) => r.pk !== actor.userId,
  );
  if (recipients.length === 0) return;
  const [company] = await db
    .select({ name: clientCompanies.name })
    .from(clientCompanies)
    .where(and(eq(clientCompanies.firmId, access.firmId), eq(clientCompanies.pk, companyPk)));
  // The author is the signed-in actor: their own row needs no tenant.
  const [author] = await db.select({ firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(eq(users.pk, actor.userId));
  const authorName = `${author?.firstName ?? ''} ${author?.lastName ?? ''}`.trim() || author?.email || 'Someone';
  const about = await describe(db, companyPk, kind, targetPk);
  const brand = await findBrandOfUser(db, actor.userId);
  for (const recipient of recipients) {
    const url = toClient
      ? magicLinkUrl(deps.config.appUrl, await issueCode(db, recipient.pk, 'MAGIC_LINK'))
      : `${deps.config.appUrl}/dashboard/accountant/active/${companyPk}/`;
    await deps.mailer.send(
      recipient.email,
      brand,
      noteEmail({ firstName: recipient.firstName, authorName, companyName: company?.name ?? '', about, body, url, signsIn: toClient }),
      'NOTE',
      // A receipt's or a communication's thread has no reply address yet: the client answers about it in Herd.
      {
        unsubscribe: { userId: recipient.pk, kind: 'NOTES' },
        ...(toClient && kind !== 'receipt' && kind !== 'communication'
          ? { replyTo: replyAddressFor(deps.config, kind === 'transaction' ? { kind, pk: targetPk } : { kind: 'client-company', pk: companyPk }, recipient.pk) }
          : {}),
      },
    );
  }
};
