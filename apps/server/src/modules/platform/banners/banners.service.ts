import { NotFoundError, ValidationError } from '../../../lib/errors.js';
import type { Actor } from '../../../kernel/actor.js';
import { findVisibleBanners, insertDismissal } from './banners.queries.js';
import type { AppDeps } from '../../../app-deps.js';

/** A user may dismiss only a banner they can see; once dismissed it is gone for them (404 after). */
export const dismissBanner = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, { bannerPk }: { bannerPk: number }): Promise<void> => {
  const visible = await findVisibleBanners(db, actor.userId, actor.firmId);
  const banner = visible.find((b) => b.pk === bannerPk);
  if (!banner) throw new NotFoundError();
  if (!banner.dismissible) throw ValidationError.detail('This banner cannot be dismissed.');
  await insertDismissal(db, actor.firmId, bannerPk, actor.userId);
};
