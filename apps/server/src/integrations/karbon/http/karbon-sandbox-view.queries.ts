import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { clientCompanies, karbonEvents, karbonImportedFiles, karbonMappings } from '../../../db/schema/index.js';

/** The firm's linked client companies with their Karbon clients, in the order they were linked. */
export const linkedCompaniesOfFirm = (db: Db, firmId: number) =>
  db
    .select({
      mappingPk: karbonMappings.pk,
      companyPk: clientCompanies.pk,
      companyName: clientCompanies.name,
      karbonKey: karbonMappings.karbonKey,
      karbonType: karbonMappings.karbonType,
      filesCheckedAt: karbonMappings.filesCheckedAt,
    })
    .from(karbonMappings)
    .innerJoin(clientCompanies, eq(clientCompanies.pk, karbonMappings.clientCompanyId))
    .where(and(eq(karbonMappings.firmId, firmId), eq(clientCompanies.firmId, firmId)))
    .orderBy(asc(karbonMappings.pk));

export type LinkedCompany = Awaited<ReturnType<typeof linkedCompaniesOfFirm>>[number];

/** The keys at Karbon of the notes and work items Herd wrote for the firm: what tells them from what was already in the account. */
export const keysWrittenByHerd = async (db: Db, firmId: number): Promise<Set<string>> =>
  new Set(
    (
      await db
        .select({ ref: karbonEvents.karbonRef })
        .from(karbonEvents)
        .where(and(eq(karbonEvents.firmId, firmId), eq(karbonEvents.state, 'SENT'), isNotNull(karbonEvents.karbonRef)))
    ).flatMap((row) => (row.ref ? [row.ref] : [])),
  );

/** What Herd's receipts import made of each Karbon file it looked at for the firm. */
export const importedFilesOfFirm = async (db: Db, firmId: number) =>
  new Map(
    (
      await db
        .select({ fileKey: karbonImportedFiles.fileKey, receiptId: karbonImportedFiles.receiptId, refusal: karbonImportedFiles.refusal })
        .from(karbonImportedFiles)
        .where(eq(karbonImportedFiles.firmId, firmId))
    ).map((row) => [row.fileKey, row]),
  );

/**
 * The client's files are looked at in the import's next sweep, not up to 15 minutes later: a
 * document filed from the sandbox's page is someone trying the import, waiting for it.
 */
export const markFilesDue = (db: Db, firmId: number, mappingPk: number) =>
  db
    .update(karbonMappings)
    .set({ filesCheckedAt: null })
    .where(and(eq(karbonMappings.pk, mappingPk), eq(karbonMappings.firmId, firmId)));
