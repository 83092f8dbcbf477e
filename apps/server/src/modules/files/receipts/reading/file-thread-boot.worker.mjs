// The entry of a file thread. A worker thread starts as plain Node, without the TypeScript
// loader the server runs under in some contexts (tests), so the thread loads its TypeScript
// module through tsx itself.
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

await tsImport(workerData.entry, import.meta.url);
