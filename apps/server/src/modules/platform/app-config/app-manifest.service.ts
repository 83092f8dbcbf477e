import { HERD_THEME_COLOR, manifestWithColor, type AppManifest } from '@herd/contract';
import type { AppDeps } from '../../../app-deps.js';
import { findFirm } from '../../../kernel/companies.queries.js';
import type { Visitor } from '../../../kernel/visitor.js';
import type { NoInput } from '../../../lib/service.js';

/**
 * The manifest a browser installs Herd with (docs/phone-app.md): in the colour of the signed-in
 * person's firm where the firm set one (its branding), Herd's green otherwise and for the signed-out.
 * It says nothing else of the firm: its name stays on the screens, behind the sign-in.
 */
export const appManifestOf = async ({ db }: Pick<AppDeps, 'db'>, visitor: Visitor, _input: NoInput): Promise<AppManifest> => {
  const firmId = visitor.session?.actor?.firmId ?? null;
  const firm = firmId === null ? null : await findFirm(db, firmId);
  return manifestWithColor(firm?.mainColor ?? HERD_THEME_COLOR);
};
