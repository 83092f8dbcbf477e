import { randomUUID } from 'node:crypto';
import { msDate } from './dates.js';
import type { JsonObject } from './types.js';

/** Every Accounting API JSON answer is wrapped like this, the records under their endpoint's name. */
export function envelope(now: number, key: string, items: JsonObject[], extra: JsonObject = {}): JsonObject {
  return { Id: randomUUID(), Status: 'OK', ProviderName: 'Herd', DateTimeUTC: msDate(now), ...extra, [key]: items };
}
