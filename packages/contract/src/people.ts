import { z } from 'zod';
import { idField, idQuery, requiredIdQuery } from './ids.js';
import { ACCOUNT_TYPES, FIRM_ROLES, MFA_METHODS } from './enums.js';
import { emailField, numberBetween, phoneField, requiredText } from './fields.js';
import { messages } from './messages.js';
import { listQuery, weekdayField } from './client-companies.js';
import { finishRule } from './finish-rule.js';
import { timeZoneField } from './time-zone.js';

export const clientUserInviteBody = z.object({
  email: emailField(),
  first_name: requiredText('First name', 150),
  last_name: requiredText('Last name', 150),
  client_company: idField('Client company'),
});
export type ClientUserInviteBody = z.infer<typeof clientUserInviteBody>;

export const personUpdateBody = z.object({ first_name: requiredText('First name', 150), last_name: requiredText('Last name', 150), phone: phoneField() }).partial();

/** What the accountant may change of a client user: their name and phone, and whether Herd may ever text them. */
export const clientUserUpdateBody = personUpdateBody.extend({ never_text: z.boolean({ error: messages.notValid('Never text') }) }).partial();
export type ClientUserUpdateBody = z.infer<typeof clientUserUpdateBody>;

export const clientUser = z.object({
  pk: z.number(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string(),
  account_type: z.enum(ACCOUNT_TYPES),
  client_companies: z.array(z.object({ pk: z.number(), name: z.string() })),
  has_signed_in: z.boolean(),
  /** Marked by the firm: no reminder or question is ever texted to this person. */
  never_text: z.boolean(),
});
export type ClientUser = z.infer<typeof clientUser>;

export const clientUserListQuery = listQuery.extend({ client_company: idQuery('Client company').optional() });
export const clientCompanyQuery = z.object({ client_company: idQuery('Client company').optional() });

export const magicLinkBody = z.object({ client_company: idField('Client company'), user: idField('User') });
export const notifyBody = z.object({ client_company: idField('Client company') });
export const urlResponse = z.object({ url: z.string() });

export const coworkerInviteBody = z.object({
  email: emailField(),
  first_name: requiredText('First name', 150),
  last_name: requiredText('Last name', 150),
  role: z.enum(FIRM_ROLES, { error: (i) => (i.input === undefined ? messages.required('Role') : messages.notValid('Role')) }),
});
export const coworkerUpdateBody = personUpdateBody.extend({ role: z.enum(FIRM_ROLES, { error: messages.notValid('Role') }) }).partial();
export const coworker = z.object({
  pk: z.number(),
  user: z.number(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string(),
  role: z.enum(FIRM_ROLES),
  has_signed_in: z.boolean(),
  /** Whether the firm admin requires a second factor of them, and whether they have one. */
  mfa_enabled: z.boolean(),
  is_mfa_setup: z.boolean(),
  mfa_method: z.enum(MFA_METHODS).nullable(),
});
export type Coworker = z.infer<typeof coworker>;

export const myAccountant = z.object({
  firm: z.object({ pk: z.number(), company_name: z.string(), main_color: z.string().nullable(), logo: z.string().nullable() }),
  contact: z.object({ name: z.string(), email: z.string(), phone: z.string() }).nullable(),
});

export const clientSideCompany = z.object({
  pk: z.number(),
  name: z.string(),
  connection_kind: z.string(),
  client_editable_fields: z.array(z.string()),
  /** What this client must fill to finish a transaction: the company's rule, limited to what they may set. */
  finish_rule: finishRule,
  /** A transaction above this amount needs a receipt (an attachment) to be finished; null when none does. */
  receipt_above: z.string().nullable(),
  /** What the firm asks this client about, in words for their home page ("Your accountant asks about amounts of $75 or more…"); null when everything is asked. */
  ask_rules_words: z.string().nullable(),
  pinned_note: z.string(),
  /** The note of the company's thread the accountant pinned, shown at the top of the client's page. */
  pinned_thread_note: z.object({ pk: z.number(), body: z.string(), author: z.string().nullable(), created_at: z.string() }).nullable(),
  role: z.enum(['CLIENT', 'CLIENT_COWORKER']),
});
export type ClientSideCompany = z.infer<typeof clientSideCompany>;

export const defaultClientCompanyBody = z.object({
  client_company: idField('Client company').nullable(),
});
export const tourBody = z.object({ completed: z.boolean({ error: (i) => (i.input === undefined ? messages.required('Completed') : messages.notValid('Completed')) }) });
export const firmMemberSettings = z.object({
  pk: z.number(),
  default_client_company: z.number().nullable(),
  tours: z.record(z.string(), z.boolean()),
});

export const clientCoworkerInviteBody = clientUserInviteBody;
export const companyUser = z.object({
  pk: z.number(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.enum(['CLIENT', 'CLIENT_COWORKER']),
  has_signed_in: z.boolean(),
});
export const requiredCompanyQuery = z.object({ client_company: requiredIdQuery('Client company') });

export const storedFile = z.object({
  pk: z.number(),
  name: z.string(),
  content_type: z.string(),
  size: z.number(),
  url: z.string(),
  created_at: z.string(),
});
export type StoredFile = z.infer<typeof storedFile>;

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
export const firmSettingsBody = z
  .object({
    company_name: requiredText('Firm name', 200),
    main_color: z
      .string({ error: messages.notValid('Main colour') })
      .regex(HEX_COLOR, { error: messages.notValid('Main colour') })
      .nullable(),
    logo: idField('Logo').nullable(),
    time_zone: timeZoneField(),
    /** The weekday (0 Sunday … 6 Saturday) client companies on the firm's schedule are reminded. */
    reminder_weekday: weekdayField('Reminder day'),
    /** How many reminders in a row may go unanswered before the client's accountants are told. */
    reminder_escalate_after: numberBetween('Escalate after', 1, 52).int({ error: messages.notValid('Escalate after') }),
  })
  .partial();
export const firmSettings = z.object({
  pk: z.number(),
  company_name: z.string(),
  main_color: z.string().nullable(),
  logo: z.string().nullable(),
  logo_file: z.number().nullable(),
  /** The IANA zone the firm's recurring requests follow. */
  time_zone: z.string(),
  reminder_weekday: z.number(),
  reminder_escalate_after: z.number(),
});

/** The accountant corrects a client user's contact details (where invitations and reminders go). */
export const contactsUpdateBody = z.object({ email: emailField(), phone: phoneField() }).partial();

export const RESTRICTION_KINDS = ['PAYMENT_ACCOUNT', 'WATCHED_ACCOUNT'] as const;
const restrictionKind = z.enum(RESTRICTION_KINDS, {
  error: (i) => (i.input === undefined ? messages.required('Kind') : messages.notValid('Kind')),
});
export const restrictionCreateBody = z.object({
  client_company: idField('Client company'),
  user: idField('User'),
  account: idField('Account'),
  kind: restrictionKind,
});
export const restrictionUpdateBody = z.object({ account: idField('Account'), kind: restrictionKind }).partial();
export const restrictionBulkCreateBody = z.object({
  client_company: idField('Client company'),
  user: idField('User'),
  kind: restrictionKind,
  accounts: z
    .array(idField('Account'), { error: messages.required('Accounts') })
    .min(1, { error: messages.required('Accounts') })
    .max(500),
});
export const bulkPksBody = z.object({
  pks: z
    .array(idField('Item'), { error: messages.required('Items') })
    .min(1, { error: messages.required('Items') })
    .max(1000),
});
export const restriction = z.object({
  pk: z.number(),
  client_company: z.number(),
  user: z.number(),
  account: z.object({ pk: z.number(), name: z.string() }),
  kind: z.enum(RESTRICTION_KINDS),
});
export const restrictionListQuery = z.object({
  client_company: requiredIdQuery('Client company'),
  user: idQuery('User').optional(),
});
export const userWithRestrictions = z.object({
  user: z.object({ pk: z.number(), email: z.string(), name: z.string() }),
  restrictions: z.array(restriction),
});

export type PersonUpdateBody = z.infer<typeof personUpdateBody>;
export type ContactsUpdateBody = z.infer<typeof contactsUpdateBody>;
export type CoworkerInviteBody = z.infer<typeof coworkerInviteBody>;
export type CoworkerUpdateBody = z.infer<typeof coworkerUpdateBody>;
export type MyAccountant = z.infer<typeof myAccountant>;
export type CompanyUser = z.infer<typeof companyUser>;
export type ClientCoworkerInviteBody = z.infer<typeof clientCoworkerInviteBody>;
export type FirmMemberSettings = z.infer<typeof firmMemberSettings>;
export type FirmSettingsBody = z.infer<typeof firmSettingsBody>;
export type FirmSettings = z.infer<typeof firmSettings>;
