/**
 * Transaction-side endpoints not yet in the contract's route table (relative
 * to /api/v1/); fill `{pk}` with the path builder. The loop's own routes are
 * called through `transactionEndpoints`.
 */
export const txPaths = {
  clientCategories: 'accounting/client/company/{pk}/categories/list/',
  select: 'accounting/selects/{pk}/{kind}/list/',
  accountTypes: 'accounting/selects/{pk}/{system}/account-types/list/',
  trackingOptions: 'accounting/selects/{pk}/tracking-category/{trackingPk}/options/list/',
  fileCreate: 'storage/file/create/',
  attachments: 'accounting/transaction/{pk}/attachments/',
  attachment: 'accounting/transaction/{pk}/attachments/{attachmentPk}/',
  notes: 'accounting/notes/transaction/{pk}/note/list/',
  noteCreate: 'accounting/notes/transaction/{pk}/note/create/',
  noteUpdate: 'accounting/notes/transaction/note/update/{pk}/',
  zip: 'accounting/accountant/client-company/{pk}/transactions/attachments/zip/',
  importCsv: 'accounting/accountant/client-company/{pk}/transactions/import-csv/',
  accountantCategories: 'accounting/accountant/client-company/{pk}/categories/list/',
  refCreate: 'accounting/accountant/client-company/{pk}/{kind}/create/',
} as const;
