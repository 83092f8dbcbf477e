/**
 * The review checks' published face (docs/review-checks.md): what other modules and the job runner may use of it,
 * and all they may use.
 */
export { queueReviewChecks } from './review-checks.job.js';
export { countOpenFindings } from './review-checks.queries.js';
