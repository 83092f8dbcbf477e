import type { RequestDraft } from '@herd/contract';

/**
 * What the composer writes before it is sent: the words and the checklist (the contract's
 * `RequestDraft`, the shape a firm's template holds). A template picker fills the composer with
 * one; the due date, files, vendor and repeat stay the accountant's choice for each request.
 */
export type { RequestDraft };
export type RequestDraftItem = RequestDraft['items'][number];

export const emptyRequestDraft = (): RequestDraft => ({ kind: 'REQUEST', subject: '', text: '', items: [{ label: '', answer_kind: 'FILES', required: true }] });
