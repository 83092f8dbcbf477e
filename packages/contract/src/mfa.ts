import { z } from 'zod';
import { MFA_METHODS } from './enums.js';
import { messages } from './messages.js';
import { existingPasswordField, phoneField } from './fields.js';

/** How long an SMS code may be used, and how many wrong tries void it. */
export const SMS_CODE_TTL_MS = 5 * 60 * 1000;
export const SMS_CODE_MAX_ATTEMPTS = 5;
/** Texts one person may be sent (setup and sign-in together) within a window: each costs money and lands on a phone. */
export const SMS_SENDS_PER_WINDOW = 5;
export const SMS_SEND_WINDOW_MINUTES = 15;
/** How many recovery codes a person gets at a time; each signs in once. */
export const RECOVERY_CODE_COUNT = 10;

/** A six-digit code from an authenticator app or an SMS; spaces people type between the digits are dropped. */
export const otpCodeField = (label = 'Code') =>
  z
    .string({ error: messages.required(label) })
    .transform((value) => value.replace(/\s+/g, ''))
    .pipe(
      z
        .string()
        .min(1, { error: messages.required(label), abort: true })
        .regex(/^\d{6}$/, { error: `${label} must be 6 digits.` }),
    );

/** A recovery code as shown (`abcde-fghij`); case, spaces and the dash do not matter. */
export const recoveryCodeField = (label = 'Recovery code') =>
  z
    .string({ error: messages.required(label) })
    .transform((value) => value.replace(/[\s-]+/g, '').toLowerCase())
    .pipe(
      z
        .string()
        .min(1, { error: messages.required(label), abort: true })
        .regex(/^[a-z2-7]{10}$/, { error: messages.notValid(label) }),
    );

export const otpBody = z.object({ code: otpCodeField() });
export const recoveryCodeBody = z.object({ code: recoveryCodeField() });
export const smsSetupBody = z.object({
  phone: phoneField('Phone').refine((value) => value !== '', { error: messages.required('Phone') }),
});

/** A TOTP setup waiting for its first code: the link an authenticator app reads (as a QR image) and the secret to type by hand. */
export const totpSetup = z.object({ totp_qr_link: z.string(), secret: z.string() });
export type TotpSetup = z.infer<typeof totpSetup>;

/** Shown once: only their hashes are kept. */
export const recoveryCodes = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodes>;

/** The signed-in person's second factor, for their security page. */
export const mfaStatus = z.object({
  mfa_method: z.enum(MFA_METHODS).nullable(),
  /** The phone SMS codes go to, with all but its last digits hidden. */
  phone_hint: z.string().nullable(),
  recovery_codes_left: z.number(),
  /** The person's firm admin requires a second factor of them: they may switch method but not turn it off. */
  mfa_required: z.boolean(),
  /** Whether codes can be texted: false while this server's texts go to a sandbox or nowhere. */
  sms_available: z.boolean(),
});
export type MfaStatus = z.infer<typeof mfaStatus>;

/** Turning one's own second factor off is confirmed with the account's password. */
export const mfaDisableBody = z.object({ password: existingPasswordField('Password') });

export const memberMfaBody = z.object({ mfa_enabled: z.boolean({ error: messages.required('Require MFA') }) });

/** A member's MFA as their firm's admin sees and sets it. */
export const memberMfa = z.object({
  pk: z.number(),
  mfa_enabled: z.boolean(),
  is_mfa_setup: z.boolean(),
  mfa_method: z.enum(MFA_METHODS).nullable(),
});
export type MemberMfa = z.infer<typeof memberMfa>;

/** What the setup prompt looks at: the signed-in profile's flags and firm membership. */
interface PromptInput {
  accountant_company_user: { role: string; mfa_enabled: boolean; is_mfa_setup: boolean } | null;
}

/** Admins choose for themselves; the prompt is for members their admin required MFA of. */
const PROMPT_EXEMPT_ROLES = ['FIRM_ADMIN', 'CLIENT_ADMIN'];

/** Whether a firm member's admin requires a second factor of them: they may switch method, never turn it off. */
export const mfaRequiredOf = (role: string, mfaEnabled: boolean): boolean => mfaEnabled && !PROMPT_EXEMPT_ROLES.includes(role);

/**
 * The setup prompt shows exactly when the person is a firm member whose role is neither FIRM_ADMIN
 * nor CLIENT_ADMIN, their admin required MFA of them and they have not set it up.
 */
export const showsMfaSetupPrompt = (profile: PromptInput): boolean => {
  const member = profile.accountant_company_user;
  return member !== null && mfaRequiredOf(member.role, member.mfa_enabled) && !member.is_mfa_setup;
};
