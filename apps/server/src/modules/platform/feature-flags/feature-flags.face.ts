/**
 * The feature-flags module's published face: what other modules may use of it, and all they may use. The
 * rest of the module is its own; a lint rule keeps other modules to this file.
 */
export { assertFeature, firmFlags } from './feature-flags.service.js';
