import { EMAIL_KIND_LABELS, EMAIL_KINDS, type EmailKind, type EmailPreferences } from '@herd/contract';
import { NotFoundError } from '../../../lib/errors.js';
import { readUnsubscribeToken } from '../../../mail/unsubscribe.js';
import type { Actor } from '../../../kernel/actor.js';
import { findUserEmail, listOptedOutKinds, optIn, optOut, type OptOutVia } from './email-preferences.queries.js';
import type { AppDeps } from '../../../app-deps.js';
import type { NoInput } from '../../../lib/service.js';
import type { Visitor } from '../../../kernel/visitor.js';

export const getEmailPreferences = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, _input: NoInput): Promise<EmailPreferences> => {
  const off = new Set(await listOptedOutKinds(db, actor.userId));
  return { preferences: EMAIL_KINDS.map((kind) => ({ kind, ...EMAIL_KIND_LABELS[kind], enabled: !off.has(kind) })) };
};

export const updateEmailPreference = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, change: { kind: EmailKind; enabled: boolean }): Promise<EmailPreferences> => {
  if (change.enabled) await optIn(db, actor.userId, change.kind);
  else await optOut(db, actor.userId, change.kind, 'SETTINGS');
  return getEmailPreferences({ db }, actor, {});
};

/** The address shown on the signed-out page, enough to recognise it: "d•••@example.com". */
const maskEmail = (email: string) => email.replace(/^(.)[^@]*@/, '$1•••@');

/**
 * An email's unsubscribe link, signed in or not: the token alone says whose emails of which kind
 * stop. A token this server did not sign, or of a person who no longer exists, is not found — the
 * answer never tells whether an account exists.
 */
export const unsubscribeWithToken = async (
  { db, config }: Pick<AppDeps, 'db' | 'config'>,
  _visitor: Visitor,
  { token, via }: { token: string; via: Exclude<OptOutVia, 'SETTINGS'> },
) => {
  const target = readUnsubscribeToken(config.secretKey, token);
  const email = target ? await findUserEmail(db, target.userId) : null;
  if (!target || email === null) throw new NotFoundError('This unsubscribe link is not valid. You can choose which emails you get in your settings.');
  await optOut(db, target.userId, target.kind, via);
  return { kind: target.kind, label: EMAIL_KIND_LABELS[target.kind].label, email: maskEmail(email) };
};
