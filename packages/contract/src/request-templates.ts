import { z } from 'zod';
import { checkCommunicationChecklist, COMMUNICATION_ITEM_ANSWER_KINDS, COMMUNICATION_KINDS, communicationContentFields } from './communications.js';
import { requiredText } from './fields.js';

/**
 * A firm's request templates: the words of a request an accountant sends often (kind, subject,
 * text and, for a REQUEST, its checklist), saved under a name unique in the firm. Picking one fills
 * the composer, where the client company, due date, files and a W-9's vendor are chosen for that
 * one request: a template holds none of them. Its content follows a communication's own rules
 * (`communicationContentFields` and the checklist's rule), so a template always composes a request
 * the server accepts, once a W9's vendor is named.
 */
export const REQUEST_TEMPLATE_NAME_MAX = 100;

const templateFields = {
  name: requiredText('Name', REQUEST_TEMPLATE_NAME_MAX),
  kind: communicationContentFields.kind,
  subject: communicationContentFields.subject,
  text: communicationContentFields.text,
  items: communicationContentFields.items,
};

export const requestTemplateCreateBody = z.object(templateFields).superRefine(checkCommunicationChecklist);
export type RequestTemplateCreateBody = z.infer<typeof requestTemplateCreateBody>;

/** Any field may change; the server checks the template as it would then be (a kind and its checklist together). */
export const requestTemplateUpdateBody = z.object({
  name: templateFields.name.optional(),
  kind: templateFields.kind.optional(),
  subject: templateFields.subject.optional(),
  text: communicationContentFields.text.unwrap().optional(),
  items: communicationContentFields.items.unwrap().optional(),
});
export type RequestTemplateUpdateBody = z.infer<typeof requestTemplateUpdateBody>;

/** What the composer takes from a template (and what "Save as template" saves, with a name). */
export const requestDraft = z.object({
  kind: z.enum(COMMUNICATION_KINDS),
  subject: z.string(),
  text: z.string(),
  items: z.array(z.object({ label: z.string(), answer_kind: z.enum(COMMUNICATION_ITEM_ANSWER_KINDS), required: z.boolean() })),
});
export type RequestDraft = z.infer<typeof requestDraft>;

export const requestTemplate = requestDraft.extend({
  pk: z.number(),
  name: z.string(),
  /** Who saved it; null for the templates every firm starts with, or once that account is gone. */
  created_by: z.object({ pk: z.number(), name: z.string() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type RequestTemplate = z.infer<typeof requestTemplate>;
