/**
 * The storage module's published face: what other modules may use of it, and all they may use. The
 * rest of the module (its queries, its rows) is its own; a lint rule keeps other modules to this file.
 */
export { findFile, insertFile } from './stored-files.queries.js';
export { type OfferedFile, storageRoomFor } from './storage-quota.service.js';
export { cleanName, fileUrl, fileUrlOrNull, newStorageKey, toStoredFile } from './stored-files.service.js';
export { type StorageDriver, StoredObjectMissingError } from './storage.port.js';
export { type ZipEntry, zipStoredFiles } from './zip-stored-files.format.js';
export { type FileGrant } from './file-grants.port.js';
