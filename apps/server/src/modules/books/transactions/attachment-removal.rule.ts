import type { CompanyAccess } from '../../../kernel/company-access.js';

/** Who looks at an attachment: the side of the company they act on and what that side may edit. */
export type AttachmentViewer = Pick<CompanyAccess, 'side' | 'editable'>;

/**
 * The one rule for removing an attachment, used by the delete and by the
 * `removable` flag every attachment carries: the firm removes any; a client
 * only where attachments are client-editable for the company, and only what
 * the company's client users added (the accountant's files are not theirs to
 * take away). Returns why not, or null when the viewer may remove it.
 */
export const attachmentRemovalRefusal = (viewer: AttachmentViewer, attachment: { addedByClient: boolean }): string | null => {
  if (viewer.side === 'accountant') return null;
  if (viewer.editable !== 'all' && !viewer.editable.includes('attachments')) return 'This client may not remove attachments.';
  if (!attachment.addedByClient) return 'Only attachments added by the client can be removed here.';
  return null;
};
