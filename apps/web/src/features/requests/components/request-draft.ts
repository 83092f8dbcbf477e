import type { CommunicationItemAnswerKind, CommunicationKind } from '@herd/contract';

/** One checklist item of a draft: what it asks, whether text or files answer it, and whether it must be answered. */
export interface RequestDraftItem {
  label: string;
  answer_kind: CommunicationItemAnswerKind;
  required: boolean;
}

/**
 * What the composer writes before it is sent: the words and the checklist. A template picker fills
 * the composer with one of these (`initialDraft` / `onApplyTemplate`); the due date, files, vendor
 * and repeat stay the accountant's choice for each request.
 */
export interface RequestDraft {
  kind: CommunicationKind;
  subject: string;
  text: string;
  items: RequestDraftItem[];
}

export const emptyRequestDraft = (): RequestDraft => ({ kind: 'REQUEST', subject: '', text: '', items: [{ label: '', answer_kind: 'FILES', required: true }] });
