import { z } from 'zod';
import { messages } from './messages.js';

/**
 * The kinds of email a person may turn off. Sign-in links, password resets, invitations and security
 * notices are not among them: they answer something the person did, or protect their account.
 */
export const EMAIL_KINDS = ['REMINDERS', 'NOTES', 'REQUESTS', 'DIGEST'] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

export const EMAIL_KIND_LABELS: Record<EmailKind, { label: string; hint: string }> = {
  REMINDERS: { label: 'Reminders', hint: 'Your accountant’s reminders of transactions, receipts and requests waiting for you.' },
  NOTES: { label: 'Notes', hint: 'A note someone wrote to you about a transaction, receipt or request.' },
  REQUESTS: { label: 'Requests', hint: 'A new request, report or notice, and when one is due.' },
  DIGEST: { label: 'Daily digest', hint: 'What your clients did and what needs you (accountants).' },
};

export const emailPreference = z.object({ kind: z.enum(EMAIL_KINDS), label: z.string(), hint: z.string(), enabled: z.boolean() });
export const emailPreferences = z.object({ preferences: z.array(emailPreference) });
export type EmailPreferences = z.infer<typeof emailPreferences>;

export const emailPreferenceUpdateBody = z.object({
  kind: z.enum(EMAIL_KINDS, { error: messages.notValid('Kind') }),
  enabled: z.boolean({ error: messages.notValid('Enabled') }),
});

/** The signed token of an unsubscribe link: whose emails, and of which kind. */
export const unsubscribeTokenField = z
  .string({ error: messages.required('Token') })
  .trim()
  .min(1, { error: messages.required('Token') })
  .max(200, { error: messages.notValid('Token') });

export const unsubscribeBody = z.object({ token: unsubscribeTokenField });
export const unsubscribeQuery = z.object({ token: unsubscribeTokenField });
/** What an unsubscribe link stopped, in words for its page. */
export const unsubscribeResult = z.object({ kind: z.enum(EMAIL_KINDS), label: z.string(), email: z.string() });
