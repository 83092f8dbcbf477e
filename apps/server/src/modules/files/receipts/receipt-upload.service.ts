import type { FastifyBaseLogger } from 'fastify';
import { isId, type Receipt } from '@herd/contract';
import { ForbiddenError, ValidationError } from '../../../lib/errors.js';
import type { MultiUpload } from '../../../lib/uploads.js';
import type { Actor } from '../../../kernel/actor.js';
import { isFirmActor } from '../../../kernel/permissions.js';
import { checkReceiptFile } from './receipt-files.rule.js';
import { intakeReceipts } from './receipt-intake.service.js';
import { companyReceiptScope } from './receipt-scope.service.js';
import { findFullReceipts } from './receipts.queries.js';
import { toReceipt } from './receipt.view.js';
import type { AppDeps } from '../../../app-deps.js';

const NOTE_MAX = 2000;

/** The `client_company` field: required of a client; staff may leave it out, and the receipts wait in the firm's inbox. */
const companyOf = (actor: Actor, fields: Record<string, string>): number | null => {
  const raw = fields.client_company?.trim();
  if (!raw) {
    if (isFirmActor(actor)) return null;
    throw ValidationError.field('client_company', 'Client company is required.');
  }
  const pk = Number(raw);
  if (!/^\d+$/.test(raw) || !isId(pk)) throw ValidationError.field('client_company', 'Client company is not valid.');
  return pk;
};

/**
 * `receipt create`: one receipt per uploaded file, for a company the actor can
 * see (a client: one of theirs), or the firm's inbox. Every file is checked
 * before anything is kept; one bad file refuses the whole upload with a field
 * error per bad file, so the person fixes the selection and sends it again.
 */
export const uploadReceipts = async (
  deps: Pick<AppDeps, 'db' | 'storage' | 'jobs' | 'config'>,
  actor: Actor,
  { upload, log }: { upload: MultiUpload; log: FastifyBaseLogger },
): Promise<Receipt[]> => {
  if (actor.firmId === null) throw new ForbiddenError();
  const companyPk = companyOf(actor, upload.fields);
  const note = (upload.fields.note ?? '').trim();
  if (note.length > NOTE_MAX) throw ValidationError.field('note', `Note must be at most ${NOTE_MAX} characters.`);
  const firmId = companyPk === null ? actor.firmId : (await companyReceiptScope(deps.db, actor, companyPk, isFirmActor(actor) ? 'accountant' : 'client')).home.firmId;
  const checked = await Promise.all(upload.files.map((file) => checkReceiptFile(file, deps.config.maxUploadBytes)));
  const refusals = checked.flatMap((c) => (c.ok ? [] : [c.reason]));
  if (refusals.length > 0) throw new ValidationError({ file: refusals });
  const pks = await intakeReceipts(deps, log, {
    firmId,
    companyPk,
    uploadedBy: actor.userId,
    source: 'WEB',
    note,
    files: upload.files.map((file, i) => ({ ...file, contentType: (checked[i] as { contentType: string }).contentType })),
  });
  const rows = await findFullReceipts(deps.db, firmId, pks ?? []);
  return (pks ?? []).map((pk) => toReceipt(rows.find((r) => r.receipt.pk === pk)!));
};
