import type { AppDeps } from '../../../app-deps.js';
import { SharedRateWindow } from '../../../lib/shared-rate-window.js';
import { KarbonAuthError, KarbonRateLimitError, KarbonRefusedError, KarbonUnreachableError } from './karbon.port.js';
import { keysOf } from './karbon-access.service.js';
import type { IntakeLog } from './receipt-intake.port.js';
import { KARBON_PER_MINUTE } from './karbon-delivery.job.js';
import { effectiveSettings } from './karbon.settings.js';
import {
  findClientOverrides,
  findInstance,
  firmsWithKarbon,
  importedFileKeys,
  mappingsToCheckForFiles,
  markFilesChecked,
  recordImportedFile,
  updateInstance,
} from './karbon.queries.js';

export type KarbonImportDeps = Pick<AppDeps, 'db' | 'config' | 'karbon' | 'receiptIntake'> & { log: IntakeLog };

/** A client's files are looked at again this long after the last look at most: receipts are not urgent, events are. */
export const LOOK_AGAIN_AFTER_MS = 15 * 60_000;

/** What Karbon calls a photo or a PDF; anything else filed on a client is not a receipt (and is never downloaded). */
const MAYBE_RECEIPT = /^(image\/(jpeg|png|heic|heif)|application\/pdf)$/i;

/**
 * Brings the photos and PDFs filed on a firm's Karbon clients in as the matching companies'
 * receipts (source Karbon, recorded as the admin who connected Karbon), for companies whose
 * settings ask for it. Each file is looked at once (`karbon_imported_files`, with why one was
 * turned away), bytes are checked as any upload's are, and the receipts are read by the usual job.
 * Clients are visited the longest unlooked first, within the firm's share of Karbon's minute.
 */
export const importFirmReceipts = async (deps: KarbonImportDeps, firmId: number, now = new Date()) => {
  const instance = await findInstance(deps.db, firmId);
  if (!instance?.connectedBy) return 0;
  const keys = keysOf(deps.config, instance);
  const window = new SharedRateWindow(deps.db, 'karbon', { limit: KARBON_PER_MINUTE, windowMs: 60_000 });
  const seen = await importedFileKeys(deps.db, firmId);
  const room = async () => (await window.tryTake(`firm:${firmId}`)) === null;
  let imported = 0;
  try {
    for (const mapping of await mappingsToCheckForFiles(deps.db, firmId)) {
      if (mapping.filesCheckedAt && now.getTime() - mapping.filesCheckedAt.getTime() < LOOK_AGAIN_AFTER_MS) continue;
      if (!effectiveSettings(instance.settings, await findClientOverrides(deps.db, mapping.clientCompanyId)).import_receipts) continue;
      if (!(await room())) break;
      const files = await deps.karbon.files(keys, { key: mapping.karbonKey, type: mapping.karbonType });
      for (const file of files.filter((f) => !seen.has(f.key))) {
        if (!MAYBE_RECEIPT.test(file.contentType) || file.size > deps.config.maxUploadBytes) {
          await recordImportedFile(deps.db, { firmId, fileKey: file.key, refusal: `${file.name} is not a photo or PDF within the size limit.` });
          continue;
        }
        if (!(await room())) return imported;
        const bytes = await deps.karbon.download(keys, file.key, deps.config.maxUploadBytes);
        const check = await deps.receiptIntake.checkReceiptFile({ fileName: file.name, bytes }, deps.config.maxUploadBytes);
        if (!check.ok) {
          await recordImportedFile(deps.db, { firmId, fileKey: file.key, refusal: check.reason });
          continue;
        }
        const made = await deps.receiptIntake.intakeReceipts(
          deps.log,
          {
            firmId,
            companyPk: mapping.clientCompanyId,
            uploadedBy: instance.connectedBy,
            source: 'KARBON',
            note: `From Karbon: ${file.name}`,
            files: [{ fileName: file.name, bytes, contentType: check.contentType }],
          },
          // Recorded with the receipt, in its transaction: a file another sweep took meanwhile makes no second receipt.
          (tx, pks) => recordImportedFile(tx, { firmId, fileKey: file.key, receiptId: pks[0] ?? null }),
        );
        if (made) imported += made.length;
      }
      await markFilesChecked(deps.db, mapping.pk, now);
    }
  } catch (err) {
    if (!(err instanceof KarbonAuthError || err instanceof KarbonRateLimitError || err instanceof KarbonUnreachableError || err instanceof KarbonRefusedError)) throw err;
    // The next sweep tries again from the client it stopped at; the page says what happened.
    await updateInstance(deps.db, firmId, { lastError: `Receipts could not be read from Karbon: ${err.message}`, lastErrorAt: now });
  }
  return imported;
};

/** The minute's sweep: every firm with Karbon, after its events (karbon-delivery.job.ts) have had their turn. */
export const sweepKarbonReceipts = async (deps: KarbonImportDeps, now = new Date()) => {
  let imported = 0;
  for (const firmId of await firmsWithKarbon(deps.db)) imported += await importFirmReceipts(deps, firmId, now);
  return imported;
};
