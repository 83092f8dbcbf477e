import { lt } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { outbox } from '../db/schema/index.js';

// No tenant: maintenance sweeps every firm's old records alike.

export const deleteOutboxBefore = (db: Db, before: Date) => db.delete(outbox).where(lt(outbox.createdAt, before));
