import type { FeatureFlag, Profile } from '@herd/contract';
import type { Db } from '../../../db/client.js';

/**
 * The signed-in person's profile, which every way of signing in answers with. The profile module writes it
 * and the app hands its reader in (`AppDeps.profileOf`, built in app.ts), so auth, which the profile module
 * builds on, does not reach back into it.
 */
export type ReadProfile = (db: Db, userId: number, flagDefaults: readonly FeatureFlag[], secretKey: string) => Promise<Profile>;
