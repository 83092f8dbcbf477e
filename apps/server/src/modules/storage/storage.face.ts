/**
 * The storage module's published face: what other modules may use of it, and all they may use. The
 * rest of the module (its queries, its rows) is its own; a lint rule keeps other modules to this file.
 */
export { findFile, insertFile } from './storage.queries.js';
export { storageRoomFor, type OfferedFile } from './storage-quota.service.js';
export { cleanName, fileUrl, fileUrlOrNull, newStorageKey } from './storage.service.js';
export { StoredObjectMissingError, type StorageDriver } from './storage-port.js';
export { zipStoredFiles, type ZipEntry } from './zip-stored-files.js';
export type { FileGrant } from './file-grants.js';
