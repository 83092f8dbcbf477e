/**
 * The request-templates module's published face: what other modules may use of it, and all they may use. The
 * rest of the module is its own; a lint rule keeps other modules to this file.
 */
export { seedStarterTemplates } from './starter-templates.service.js';
