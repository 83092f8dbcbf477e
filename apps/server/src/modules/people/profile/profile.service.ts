import { details, type Profile, type ProfileUpdateBody } from '@herd/contract';
import { hashPassword, verifyPassword } from '../../../lib/crypto.js';
import { NotFoundError, ValidationError, UnauthorizedError } from '../../../lib/errors.js';
import { passwordChangedEmail } from '../../../mail/templates.js';
import { writeAudit } from '../../../kernel/audit.queries.js';
import type { Actor } from '../../../kernel/actor.js';
import { expireUnusedCodes, findBrandOfUser, findCompanyNamesOfUser, setPasswordHash, type ReadProfile } from '../auth/auth.face.js';
import { assertStrongPassword } from '../auth/auth.face.js';
import { deleteUserSessions } from '../auth/auth.face.js';
import { firmFlags } from '../../platform/feature-flags/feature-flags.face.js';
import { fileUrlOrNull } from '../../platform/stored-files/stored-files.face.js';
import { createSecretBox } from '../../../lib/secret-box.js';
import { totpLink } from '../mfa/mfa.face.js';
import { findClientFirm, findMemberWithFirm, findUser, updateOwnUserFields } from './profile.queries.js';
import { findVisibleBanners } from '../../platform/banners/banners.face.js';
import type { AppDeps } from '../../../app-deps.js';
import type { NoInput } from '../../../lib/service.js';

type FirmRow = NonNullable<Awaited<ReturnType<typeof findClientFirm>>>;

const companyOf = (firm: FirmRow) => ({
  pk: firm.pk,
  company_name: firm.companyName,
  main_color: firm.mainColor,
  logo: fileUrlOrNull(firm.logoFileId),
});

/** The signed-in user as the web app sees them (the contract's profile shape), with their firm's feature flags. */
/** While an authenticator app is being set up (a secret waiting for its first code), the link its QR image shows. */
const pendingTotpLink = (user: { email: string; mfaMethod: string | null; totpSecret: string | null }, secretKey: string) =>
  user.totpSecret && user.mfaMethod !== 'TOTP' ? totpLink(createSecretBox(secretKey).open(user.totpSecret), user.email) : null;

/** The signed-in person's profile, as the profile endpoint and a sign-in answer it. */
export const profileOf: ReadProfile = async (db, userId, flagDefaults, secretKey) => {
  const user = await findUser(db, userId);
  if (!user) throw new UnauthorizedError();
  const membership = await findMemberWithFirm(db, userId);
  const clientFirm = membership ? null : await findClientFirm(db, userId);
  const firm = membership?.firm ?? clientFirm;
  const banners = await findVisibleBanners(db, userId, firm?.pk ?? null);
  return {
    pk: user.pk,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    phone: user.phone,
    account_type: user.accountType,
    accountant_company_user: membership
      ? {
          pk: membership.member.pk,
          role: membership.member.role,
          mfa_enabled: membership.member.mfaEnabled,
          is_mfa_setup: membership.member.isMfaSetup,
          default_client_company: membership.member.defaultClientCompanyId,
          company: companyOf(membership.firm),
        }
      : null,
    client_firm: clientFirm ? companyOf(clientFirm) : null,
    feature_flags: await firmFlags(db, flagDefaults, firm?.pk ?? null),
    global_banners: banners,
    totp_qr_link: pendingTotpLink(user, secretKey),
  };
};

export const getProfile = async ({ db, config }: Pick<AppDeps, 'db' | 'config'>, actor: Actor, _input: NoInput): Promise<Profile> =>
  profileOf(db, actor.userId, config.featureFlagDefaults, config.secretKey);

export const updateProfile = async ({ db, config }: Pick<AppDeps, 'db' | 'config'>, actor: Actor, input: ProfileUpdateBody): Promise<Profile> => {
  await updateOwnUserFields(db, actor.userId, {
    firstName: input.first_name,
    lastName: input.last_name,
    phone: input.phone,
  });
  return profileOf(db, actor.userId, config.featureFlagDefaults, config.secretKey);
};

/**
 * Changes the password, voids every sign-in and reset link mailed before it and
 * signs out every other session. A client who has
 * only ever used magic links has no password yet and may set one without a
 * current password.
 */
export const changePassword = async (
  { db, mailer }: Pick<AppDeps, 'db' | 'mailer'>,
  actor: Actor,
  { currentSessionHash, ...input }: { current_password?: string | undefined; new_password: string; currentSessionHash: string },
): Promise<void> => {
  const user = await findUser(db, actor.userId);
  if (!user) throw new NotFoundError();
  if (user.passwordHash) {
    if (!input.current_password) throw ValidationError.field('current_password', 'Current password is required.');
    if (!(await verifyPassword(user.passwordHash, input.current_password))) {
      throw ValidationError.field('current_password', details.wrongCurrentPassword);
    }
  }
  await assertStrongPassword('new_password', 'New password', input.new_password, { ...user, companyNames: await findCompanyNamesOfUser(db, user.pk) });
  const passwordHash = await hashPassword(input.new_password);
  await db.transaction(async (tx) => {
    await setPasswordHash(tx, actor.userId, passwordHash);
    await expireUnusedCodes(tx, actor.userId);
    await deleteUserSessions(tx, actor.userId, currentSessionHash);
    await writeAudit(tx, {
      firmId: actor.firmId,
      actorUserId: actor.userId,
      action: 'user.password_change',
      targetType: 'user',
      targetPk: actor.userId,
    });
  });
  await mailer.send(user.email, await findBrandOfUser(db, user.pk), passwordChangedEmail({ firstName: user.firstName }), 'PASSWORD_CHANGED');
};
