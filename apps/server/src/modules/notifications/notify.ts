import type { NotificationKind, NotificationTarget } from '@herd/contract';
import type { Db } from '../../db/client.js';
import { clientAudience, firmAudience, type ClientObject } from './notification-recipients.js';
import { insertNotifications } from './notifications.queries.js';

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

/**
 * Writes one notification per recipient, inside the caller's database
 * transaction, so a notification exists exactly when what it tells of was
 * saved. Recipients follow the access rules of the object: a team member
 * hears only about clients assigned to them, a client user restricted to some
 * accounts only about what those accounts let them see, admins about every
 * client. Answers how many were written.
 */
export const notify = async (tx: Db, input: NotifyInput): Promise<number> => {
  const recipients = new Set<number>();
  const { firm, client } = input.to;
  if (firm) for (const pk of narrowed(await firmAudience(tx, input.firmId, input.clientCompanyId), firm === true ? undefined : firm.among)) recipients.add(pk);
  if (client && input.clientCompanyId !== null) for (const pk of narrowed(await clientAudience(tx, input.clientCompanyId, client), client.among)) recipients.add(pk);
  if (input.except != null) recipients.delete(input.except);
  if (recipients.size === 0) return 0;
  const title = cut(input.title, TITLE_MAX);
  const text = cut(input.text ?? '', TEXT_MAX);
  await insertNotifications(
    tx,
    [...recipients].map((userId) => ({
      firmId: input.firmId,
      userId,
      kind: input.kind,
      targetType: input.target.type,
      targetPk: input.target.pk,
      clientCompanyId: input.clientCompanyId,
      title,
      text,
    })),
  );
  return recipients.size;
};
