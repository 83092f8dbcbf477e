import { z } from 'zod';
import { messages } from './messages.js';

/**
 * A client's questions by text (docs/answers-by-text-and-email.md): whether they agreed to get their
 * open questions texted to the phone on their profile, to answer by reply.
 */
export const textQuestionsSettings = z.object({
  agreed: z.boolean(),
  /** They texted STOP: nothing is texted until they text START to Herd's number (carriers require it). */
  stopped: z.boolean(),
  /** The number on their profile, as written; '' when none. */
  phone: z.string(),
  /** Whether that number can take texts: written with its country code (+1 415 555 0143). */
  phone_textable: z.boolean(),
});
export type TextQuestionsSettings = z.infer<typeof textQuestionsSettings>;

export const textQuestionsSettingsBody = z.object({ agreed: z.boolean({ error: messages.required('Agreed') }) });
export type TextQuestionsSettingsBody = z.infer<typeof textQuestionsSettingsBody>;
