import { z } from 'zod';
import { idField } from './ids.js';
import { timeZoneField } from './time-zone.js';
import { ACCOUNT_TYPES, FIRM_ROLES, MFA_METHODS } from './enums.js';
import { codeField, emailField, existingPasswordField, optionalText, passwordField, phoneField, requiredText } from './fields.js';

export const signupBody = z.object({
  email: emailField(),
  password: passwordField(),
  first_name: requiredText('First name', 150),
  last_name: requiredText('Last name', 150),
  company_name: requiredText('Company name', 200),
  /** The browser's zone (`Intl.DateTimeFormat().resolvedOptions().timeZone`), the new firm's; US Eastern when left out. */
  time_zone: timeZoneField().optional(),
});
export type SignupBody = z.infer<typeof signupBody>;

export const loginBody = z.object({ email: emailField(), password: existingPasswordField() });
export type LoginBody = z.infer<typeof loginBody>;

export const emailBody = z.object({ email: emailField() });
export const codeBody = z.object({ code: codeField() });
export const codeParams = z.object({ code: codeField() });
export const newPasswordBody = z.object({ password: passwordField('New password') });

export const profileUpdateBody = z
  .object({
    first_name: requiredText('First name', 150),
    last_name: requiredText('Last name', 150),
    phone: phoneField(),
  })
  .partial();
export type ProfileUpdateBody = z.infer<typeof profileUpdateBody>;

/** current_password may be left out only by a user who has never had one (magic-link clients). */
export const passwordChangeBody = z.object({
  current_password: existingPasswordField('Current password').optional(),
  new_password: passwordField('New password'),
});

export const bannerDismissBody = z.object({ pk: idField('Banner') });

export const companyRef = z.object({
  pk: z.number(),
  company_name: z.string(),
  main_color: z.string().nullable(),
  logo: z.string().nullable(),
});

export const accountantCompanyUser = z.object({
  pk: z.number(),
  role: z.enum(FIRM_ROLES),
  mfa_enabled: z.boolean(),
  is_mfa_setup: z.boolean(),
  default_client_company: z.number().nullable(),
  company: companyRef,
});

export const banner = z.object({
  pk: z.number(),
  message: z.string(),
  level: z.enum(['info', 'warning', 'error']),
  dismissible: z.boolean(),
});
export type Banner = z.infer<typeof banner>;

export const profile = z.object({
  pk: z.number(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string(),
  account_type: z.enum(ACCOUNT_TYPES),
  accountant_company_user: accountantCompanyUser.nullable(),
  /** The firm a client user belongs to, for its branding; null for accountant users (see accountant_company_user). */
  client_firm: companyRef.nullable(),
  feature_flags: z.array(z.string()),
  global_banners: z.array(banner),
  totp_qr_link: z.string().nullable(),
});
export type Profile = z.infer<typeof profile>;

export const mfaChallenge = z.object({ mfa_required: z.literal(true), mfa_method: z.enum(MFA_METHODS) });
export type MfaChallenge = z.infer<typeof mfaChallenge>;
export const loginResponse = z.union([profile, mfaChallenge]);
export type LoginResponse = z.infer<typeof loginResponse>;

export const detailResponse = z.object({ detail: z.string() });
export const healthResponse = z.object({ status: z.literal('ok'), database: z.literal('ok') });

/** Kept for forms that add optional notes to a request. */
export const optionalNote = optionalText('Note', 2000);

export const clientConfig = z.object({
  sentry_dsn: z.string().nullable(),
  gtm_id: z.string().nullable(),
  environment: z.string(),
  /** Whether "Sign up with Intuit" can work here: false when QuickBooks Online is not set up (production without its credentials). */
  quickbooks_signup: z.boolean(),
  /** How Xero is reached here: `live` (Xero itself), `sandbox` (the built-in Xero sandbox, labelled so on every Xero button), `off` (not set up: no Xero buttons). */
  xero: z.enum(['live', 'sandbox', 'off']),
  /** How QuickBooks Online is reached here, as for Xero: `off` (production without Intuit's credentials) offers no "Connect QuickBooks". */
  quickbooks: z.enum(['live', 'sandbox', 'off']),
  /** Whether Herd's emails reach anyone here: false in production without an SMTP server, where sign-up, emailed links and invitation emails are not offered. */
  email_delivery: z.boolean(),
  /** Whether "Connect the sandbox Karbon" can work here: the built-in sandboxes are on (development, or an operator's `SANDBOXES=on`). */
  karbon_sandbox: z.boolean(),
  /** Whether texts reach phones here (a Twilio account is set up); the built-in sandbox's texts reach none. */
  texts: z.boolean(),
});
export type ClientConfig = z.infer<typeof clientConfig>;
