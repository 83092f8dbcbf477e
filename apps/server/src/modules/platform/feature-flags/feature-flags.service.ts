import { FEATURE_FLAGS, type FeatureFlag } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { NotFoundError } from '../../../lib/errors.js';
import type { Actor } from '../../../kernel/actor.js';
import { findFirmFlagSettings } from './feature-flags.queries.js';

/**
 * Feature flags are per firm. A firm's own setting (made with `npm run flags`) wins; a flag the
 * firm never had set follows the deployment's default (`FEATURE_FLAGS`), so turning a default on
 * reaches every such firm at once.
 */
export const effectiveFlags = (defaults: readonly FeatureFlag[], settings: readonly { flag: string; enabled: boolean }[]): FeatureFlag[] =>
  FEATURE_FLAGS.filter((flag) => settings.find((s) => s.flag === flag)?.enabled ?? defaults.includes(flag));

/** The flags on for a firm; a user with no firm gets the defaults alone. */
export const firmFlags = async (db: Db, defaults: readonly FeatureFlag[], firmId: number | null): Promise<FeatureFlag[]> =>
  effectiveFlags(defaults, firmId === null ? [] : await findFirmFlagSettings(db, firmId));

/**
 * What a flag gates does not exist for a firm without it: its endpoints answer 404, as its pages do.
 * Every service behind a flag calls this first.
 */
export const assertFeature = async (db: Db, defaults: readonly FeatureFlag[], actor: Actor, flag: FeatureFlag): Promise<void> => {
  if (!(await firmFlags(db, defaults, actor.firmId)).includes(flag)) throw new NotFoundError();
};
