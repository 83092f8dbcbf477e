import { z } from 'zod';
import { messages, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './messages.js';

/**
 * Field builders that raise the contract's messages. A missing value reads
 * "<label> is required.", a value of the wrong kind "<label> is not valid.".
 */
const typeError = (label: string) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? messages.required(label) : messages.notValid(label);

export const requiredText = (label: string, max = 255) =>
  z
    .string({ error: typeError(label) })
    .trim()
    .min(1, { error: messages.required(label), abort: true })
    .max(max, { error: messages.tooLong(label, max) });

export const optionalText = (label: string, max = 255) =>
  z
    .string({ error: messages.notValid(label) })
    .trim()
    .max(max, { error: messages.tooLong(label, max) });

export const emailField = (label = 'Email') =>
  z
    .string({ error: typeError(label) })
    .trim()
    .toLowerCase()
    .min(1, { error: messages.required(label), abort: true })
    .max(254, { error: messages.notValid(label) })
    .regex(z.regexes.email, { error: messages.notValid(label) });

/** Length limits only: a password is checked as typed, never trimmed. */
export const passwordField = (label = 'Password') =>
  z
    .string({ error: typeError(label) })
    .min(1, { error: messages.required(label), abort: true })
    .min(PASSWORD_MIN_LENGTH, { error: messages.tooShort(label, PASSWORD_MIN_LENGTH) })
    .max(PASSWORD_MAX_LENGTH, { error: messages.tooLong(label, PASSWORD_MAX_LENGTH) });

/** A password being checked (sign-in, current password): any non-empty string. */
export const existingPasswordField = (label = 'Password') =>
  z
    .string({ error: typeError(label) })
    .min(1, { error: messages.required(label), abort: true })
    .max(PASSWORD_MAX_LENGTH);

export const numberBetween = (label: string, min: number, max: number) =>
  z
    .number({ error: typeError(label) })
    .min(min, { error: messages.between(label, min, max) })
    .max(max, { error: messages.between(label, min, max) });

export const codeField = (label = 'Code') =>
  z
    .string({ error: typeError(label) })
    .trim()
    .min(1, { error: messages.required(label), abort: true })
    .max(128, { error: messages.notValid(label) });

/** Optional phone number, E.164-ish: digits with an optional leading +, spaces and dashes allowed. */
export const phoneField = (label = 'Phone') =>
  z
    .string({ error: messages.notValid(label) })
    .trim()
    .max(32, { error: messages.notValid(label) })
    .regex(/^$|^\+?[0-9][0-9 ()-]{5,}$/, { error: messages.notValid(label) });
