import type { CommunicationItemAnswerKind, CommunicationKind, RequestDraft } from '@herd/contract';

/** The kinds as an accountant thinks of them. */
export const REQUEST_KIND_LABELS: Record<CommunicationKind, string> = {
  REQUEST: 'Request with a checklist',
  REPORT: 'Files to review',
  NOTICE: 'Notice',
  W9: 'W-9 for a vendor',
};

export const ANSWER_KIND_LABELS: Record<CommunicationItemAnswerKind, string> = {
  FILES: 'Files',
  TEXT: 'Text',
};

/** One line saying what a template asks, for lists and pickers. */
export const draftSummary = (draft: Pick<RequestDraft, 'kind' | 'items'>): string => {
  if (draft.kind !== 'REQUEST') return REQUEST_KIND_LABELS[draft.kind];
  const required = draft.items.filter((item) => item.required).length;
  const count = `${draft.items.length} ${draft.items.length === 1 ? 'item' : 'items'}`;
  return required === draft.items.length ? `Checklist of ${count}` : `Checklist of ${count}, ${required} required`;
};
