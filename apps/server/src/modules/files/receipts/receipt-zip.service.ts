import type { Readable } from 'node:stream';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { RECEIPT_LIST_STATUSES } from '@herd/contract';
import { files, receipts } from '../../../db/schema/index.js';
import { ValidationError } from '../../../lib/errors.js';
import { zipStoredFiles } from '../../platform/stored-files/stored-files.face.js';
import type { Actor } from '../../../kernel/actor.js';
import { companyReceiptScope } from './receipt-scope.service.js';
import type { AppDeps } from '../../../app-deps.js';

export interface ReceiptsZip {
  fileName: string;
  stream: Readable;
}

const safe = (text: string) => text.replace(/[\\/:*?"<>|\r\n\t]/g, '_').slice(0, 60);

/**
 * The files of a company's active or completed receipts (hidden ones left
 * out), as one zip streamed while it is built, one file at a time
 * (`zipStoredFiles`), so however many there are nothing large sits in memory. Entries are named by date, vendor and file
 * name, so the accountant can find them; a name used twice gets a number.
 */
export const receiptsZip = async (
  { db, storage }: Pick<AppDeps, 'db' | 'storage'>,
  actor: Actor,
  { companyPk, list }: { companyPk: number; list: 'active' | 'completed' },
): Promise<ReceiptsZip> => {
  const scope = await companyReceiptScope(db, actor, companyPk, 'accountant');
  const entries = await db
    .select({ pk: receipts.pk, date: receipts.receiptDate, vendor: receipts.vendor, name: files.name, key: files.storageKey })
    .from(receipts)
    .innerJoin(files, eq(files.pk, receipts.fileId))
    .where(
      and(
        eq(receipts.firmId, scope.home.firmId),
        eq(receipts.clientCompanyId, companyPk),
        eq(receipts.isHidden, false),
        inArray(receipts.status, [...RECEIPT_LIST_STATUSES[list]]),
      ),
    )
    .orderBy(asc(receipts.receiptDate), asc(receipts.pk));
  if (entries.length === 0)
    throw ValidationError.detail(list === 'active' ? 'There are no active receipts to download.' : 'There are no completed receipts to download.');
  const used = new Set<string>();
  const named = entries.map((entry) => {
    const base = [entry.date, entry.vendor ? safe(entry.vendor) : null, entry.name].filter(Boolean).join(' ');
    let name = base;
    for (let n = 2; used.has(name); n += 1) name = `${n} ${base}`;
    used.add(name);
    return { name, key: entry.key };
  });
  return { fileName: `receipts-${list}-${companyPk}.zip`, stream: zipStoredFiles(storage, named) };
};
