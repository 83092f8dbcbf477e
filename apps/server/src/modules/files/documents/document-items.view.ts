import { apiPath, documentEndpoints, type DocumentItem } from '@herd/contract';
import type { DocumentRow } from './documents.queries.js';
import { mayChange, type DocumentScope } from './document-scope.service.js';

/** Where a file of the company's documents downloads, from the side that listed it. */
export const documentUrl = (scope: DocumentScope, row: Pick<DocumentRow, 'pk' | 'clientCompanyId'>) => {
  const path = documentEndpoints[scope.clientView ? 'client' : 'accountant'].download.path;
  return apiPath(path.replace('{pk}', String(row.clientCompanyId)).replace('{documentPk}', String(row.pk)));
};

/** A folder or file of the company's own documents, as the API shows it to this scope. */
export const toDocumentItem = (scope: DocumentScope, row: DocumentRow, addedBy: string | null = null): DocumentItem => ({
  pk: row.pk,
  kind: row.kind,
  smart: null,
  name: row.name,
  accountant_only: row.accountantOnly,
  read_only: !mayChange(scope, row),
  size: row.size,
  content_type: row.contentType,
  url: row.kind === 'FILE' ? documentUrl(scope, row) : null,
  updated_at: row.updatedAt.toISOString(),
  added_by: addedBy,
  link: null,
});
