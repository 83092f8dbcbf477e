import type { Db } from '../../../db/client.js';

/**
 * Adds to each rule's count of answers a person overrode, in the answer's own database transaction. The
 * rules module keeps those counts; the app hands its counter in (`AppDeps.countRuleOverrides`, built in
 * app.ts), so this module, which rules build on, does not reach back into rules.
 */
export type CountRuleOverrides = (db: Db, firmId: number, overriddenByRule: Map<number, number>) => Promise<void>;
