import { desc, eq } from 'drizzle-orm';
import { outbox } from '../../../db/schema/index.js';
import { NotFoundError } from '../../../lib/errors.js';
import type { AppDeps } from '../../../app-deps.js';
import type { Visitor } from '../../../kernel/visitor.js';

/** The newest email to an address (addresses are kept lower-case), for an end-to-end test to follow its link. */
export const newestEmailTo = async ({ db }: Pick<AppDeps, 'db'>, _visitor: Visitor, { to }: { to: string }) => {
  const [row] = await db.select().from(outbox).where(eq(outbox.recipient, to.toLowerCase())).orderBy(desc(outbox.pk)).limit(1);
  if (!row) throw new NotFoundError();
  return { subject: row.subject, template: row.template, text: row.textBody };
};
