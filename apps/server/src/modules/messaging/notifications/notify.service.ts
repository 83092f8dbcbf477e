import type { NotificationKind, NotificationTarget } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { clientAudience, firmAudience, type ClientObject } from './notification-recipients.queries.js';
import { findOpenBatches, growBatch, insertNotifications } from './notifications.queries.js';

/**
 * Who hears about it: the firm's people who see the company, and/or the
 * client's people who see the object; `among` narrows either to some people
 * (a thread's earlier authors), who must still pass the same rule.
 */
export interface Audience {
  firm?: true | { among: number[] };
  client?: ClientObject & { among?: number[] };
}

const narrowed = (pks: number[], among: number[] | undefined) => (among === undefined ? pks : pks.filter((pk) => among.includes(pk)));

export interface NotifyInput {
  firmId: number;
  /** The company the object belongs to; null only for the firm's own thread (staff only). */
  clientCompanyId: number | null;
  kind: NotificationKind;
  target: { type: NotificationTarget; pk: number };
  /** Plain text; the web app shows it as it is. */
  title: string;
  text?: string;
  to: Audience;
  /** Who caused it: they never hear about their own doing. */
  except?: number | null;
}

/** Titles and texts are short lines; a long note is cut to its start. */
const TITLE_MAX = 200;
const TEXT_MAX = 280;
const cut = (value: string, max: number) => {
  const flat = value.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
};

/** Who hears about it: the audience's people, less who caused it. */
const recipientsOf = async (tx: Db, input: Pick<NotifyInput, 'firmId' | 'clientCompanyId' | 'to' | 'except'>) => {
  const recipients = new Set<number>();
  const { firm, client } = input.to;
  if (firm) for (const pk of narrowed(await firmAudience(tx, input.firmId, input.clientCompanyId), firm === true ? undefined : firm.among)) recipients.add(pk);
  if (client && input.clientCompanyId !== null) for (const pk of narrowed(await clientAudience(tx, input.clientCompanyId, client), client.among)) recipients.add(pk);
  if (input.except != null) recipients.delete(input.except);
  return [...recipients];
};

/** What differs between the notifications of one event told of many objects at once. */
export type NotifyItem = Pick<NotifyInput, 'target' | 'title' | 'text'>;

/**
 * Many objects of one kind, one company and one audience (a schedule's batch
 * of new requests): the audience is read once and every row is one insert.
 * Answers how many notifications were written.
 */
export const notifyEach = async (tx: Db, input: Omit<NotifyInput, 'target' | 'title' | 'text'>, items: NotifyItem[]): Promise<number> => {
  if (items.length === 0) return 0;
  const recipients = await recipientsOf(tx, input);
  if (recipients.length === 0) return 0;
  await insertNotifications(
    tx,
    items.flatMap((item) =>
      recipients.map((userId) => ({
        firmId: input.firmId,
        userId,
        kind: input.kind,
        targetType: item.target.type,
        targetPk: item.target.pk,
        clientCompanyId: input.clientCompanyId,
        title: cut(item.title, TITLE_MAX),
        text: cut(item.text ?? '', TEXT_MAX),
      })),
    ),
  );
  return recipients.length * items.length;
};

/**
 * Writes one notification per recipient, inside the caller's database
 * transaction, so a notification exists exactly when what it tells of was
 * saved. Recipients follow the access rules of the object: a team member
 * hears only about clients assigned to them, a client user restricted to some
 * accounts only about what those accounts let them see, admins about every
 * client. Answers how many were written.
 */
export const notify = (tx: Db, { target, title, text, ...input }: NotifyInput): Promise<number> => notifyEach(tx, input, [{ target, title, text }]);

/**
 * One object count told as a batch that grows: for each recipient who still has an unread notification of
 * this kind about this company from the last `windowMs`, that one is added to (its count and title, and it
 * becomes the newest); the others get a new one. So a client answering 27 transactions one after another
 * is one line in the bell ("answered 27 transactions"), not 27, while a batch already read stays as it was
 * and the next answers start a new one. Answers how many recipients were told.
 */
export const notifyBatch = async (
  tx: Db,
  input: Omit<NotifyInput, 'title' | 'clientCompanyId'> & {
    clientCompanyId: number;
    count: number;
    titleFor: (count: number) => string;
    windowMs: number;
    /** Add only to a batch about the same target (files added to one folder), not to any of the kind about the company. */
    sameTarget?: boolean;
  },
): Promise<number> => {
  if (input.count <= 0) return 0;
  const recipients = await recipientsOf(tx, input);
  const open = await findOpenBatches(tx, {
    firmId: input.firmId,
    userIds: recipients,
    kind: input.kind,
    companyId: input.clientCompanyId,
    since: new Date(Date.now() - input.windowMs),
    ...(input.sameTarget ? { target: input.target } : {}),
  });
  const grown = new Set<number>();
  for (const batch of open) {
    if (grown.has(batch.userId)) continue; // the newest one of a person's batches takes it
    const itemCount = batch.itemCount + input.count;
    await growBatch(tx, input.firmId, batch.pk, { itemCount, title: cut(input.titleFor(itemCount), TITLE_MAX) });
    grown.add(batch.userId);
  }
  const fresh = recipients.filter((userId) => !grown.has(userId));
  await insertNotifications(
    tx,
    fresh.map((userId) => ({
      firmId: input.firmId,
      userId,
      kind: input.kind,
      targetType: input.target.type,
      targetPk: input.target.pk,
      clientCompanyId: input.clientCompanyId,
      title: cut(input.titleFor(input.count), TITLE_MAX),
      text: cut(input.text ?? '', TEXT_MAX),
      itemCount: input.count,
    })),
  );
  return recipients.length;
};
