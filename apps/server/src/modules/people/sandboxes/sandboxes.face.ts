/**
 * The sandboxes module's published face: what other modules may use of it, and all they may use. The
 * rest of the module is its own; a lint rule keeps other modules to this file.
 */
export { changedOnWrite, keepSandbox } from './sandbox-state-file.service.js';
export { sandboxVisitor } from './sandbox-visitor.rule.js';
