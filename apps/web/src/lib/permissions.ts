import { firmRoleRules, type FirmRole, type Profile } from '@herd/contract';

/**
 * What the signed-in firm user's role allows (docs/permissions.md). The
 * server enforces the same rules; the web app only hides what would fail.
 */
export const firmRoleOf = (profile: Profile): FirmRole | null => profile.accountant_company_user?.role ?? null;

/** Create client companies, assign team members, disconnect: FIRM_ADMIN and CLIENT_ADMIN. */
export const canManageClients = (profile: Profile): boolean => {
  const role = firmRoleOf(profile);
  return role !== null && firmRoleRules.manageClientCompanies(role);
};

/** Team, firm branding, disconnect-all: FIRM_ADMIN only. */
export const canAdministerFirm = (profile: Profile): boolean => {
  const role = firmRoleOf(profile);
  return role !== null && firmRoleRules.administerFirm(role);
};

/** Write, change and delete the firm's request templates: FIRM_ADMIN and CLIENT_ADMIN (every firm user picks from them). */
export const canManageRequestTemplates = (profile: Profile): boolean => {
  const role = firmRoleOf(profile);
  return role !== null && firmRoleRules.manageRequestTemplates(role);
};
