/**
 * The review checks' published face (docs/review-checks.md): what other modules and the job runner may use of it,
 * and all they may use.
 */
export { queueReviewChecks } from './review-checks.job.js';
export { countOpenFindings, findingOf, settleFinding } from './review-checks.queries.js';
export { toFinding } from './review-checks.view.js';
export type { ReviewFindingRow } from './review-checks.types.js';
export { storedReviewCheckSettings } from './review-check-settings.queries.js';
