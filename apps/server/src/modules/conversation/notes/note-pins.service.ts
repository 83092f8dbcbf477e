import type { ClientSideCompany } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { NotFoundError } from '../../../lib/errors.js';
import type { Actor } from '../../../kernel/actor.js';
import { requireFirmActor } from '../../../kernel/permissions.js';
import { companyAccess } from '../../../kernel/company-access.js';
import { findNote, findPinnedNotes, setPinnedNote } from './notes.queries.js';
import { noteAsSeen } from './notes.service.js';
import type { AppDeps } from '../../../app-deps.js';

/**
 * The firm pins one note of a client company's thread to the top of the
 * client's page, or takes it off; pinning another replaces it. Staff who can
 * see the company only: a client is refused (403, an accountant-side action),
 * and a note of another firm, of a company the person cannot see, or of any
 * other thread (the firm's internal one included) is 404.
 */
export const pinNote = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, { notePk, pin }: { notePk: number; pin: boolean }) => {
  const staff = requireFirmActor(actor);
  const existing = await findNote(db, staff.firmId, notePk);
  if (!existing || existing.targetType !== 'CLIENT_COMPANY' || existing.clientCompanyId === null) throw new NotFoundError();
  const { company } = await companyAccess(db, actor, existing.clientCompanyId, 'accountant');
  await db.transaction((tx) => setPinnedNote(tx, { firmId: company.firmId, companyPk: company.pk }, notePk, pin));
  return noteAsSeen(db, actor, company.firmId, existing.targetType, existing.targetPk, notePk);
};

/** Each company's pinned note as the client's page shows it: the text, who wrote it and when. */
export const pinnedNotesByCompany = async (db: Db, companyPks: number[]) => {
  const byCompany = new Map<number, NonNullable<ClientSideCompany['pinned_thread_note']>>();
  for (const row of await findPinnedNotes(db, companyPks)) {
    const author = row.note.authorId === null ? null : `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim() || (row.email ?? null);
    byCompany.set(row.note.clientCompanyId!, { pk: row.note.pk, body: row.note.body, author, created_at: row.note.createdAt.toISOString() });
  }
  return byCompany;
};
