import { createQboState, qboSchema } from '@herd/simulators';
import { describe, expect, it } from 'vitest';
import { publishLine } from '../../../test/publish-lines.js';
import type { QboEntity } from './qbo-api.js';
import { historyLinesOf } from './qbo-history-map.js';
import { qboLookups, type Lookups } from './qbo-lookups.js';
import { buildPublishUpdate } from './qbo-publish-map.js';
import { REF_ENTITY_NAMES, referencePage } from './qbo-refs.js';
import { mapTransaction, TRANSACTION_ENTITIES } from './qbo-transaction-map.js';

/**
 * The simulator holds Herd's requests and its own answers to Intuit's published schemas; these
 * tests hold the other direction: every key Herd's mappers read from a QuickBooks entity is one
 * the schema defines at that place. A key read where the schema has none (a deposit line's
 * CustomerRef) is never there in QuickBooks' answers: what it stands for is silently lost.
 */

type Reads = Map<string, string[]>;

/** The entity as a proxy that notes the path of every key read from it (list positions left out). */
const watching = <T>(value: T, path: string[], reads: Reads): T => {
  if (typeof value !== 'object' || value === null) return value;
  return new Proxy(value as object, {
    get(target, key, receiver) {
      const got: unknown = Reflect.get(target, key, receiver);
      if (typeof key !== 'string') return got;
      if (Array.isArray(target)) return /^\d+$/.test(key) ? watching(got, path, reads) : got;
      const at = [...path, key];
      reads.set(at.join('.'), at);
      return watching(got, at, reads);
    },
  }) as T;
};

const undefinedReads = (entity: string, reads: Reads): string[] =>
  [...reads.values()].map((path) => qboSchema().undefinedRead(entity, path)).filter((problem): problem is string => problem !== undefined);

/** A seeded company of every transaction subtype, its lines on vendors, customers, classes and locations. */
const company = () => {
  const state = createQboState({ clientId: 'herd-test-app', clientSecret: 'herd-test-app-secret', companies: [{ transactions: 400 }] });
  return state.company(state.companies.keys().next().value!)!;
};

describe('what Herd reads of QuickBooks’ entities, against Intuit’s schemas', () => {
  it('reads of every transaction only keys its type defines, mapping, learning history and building the update', () => {
    const store = company();
    const accounts = store.list('Account').map((row) => row.Id);
    const items = store.list('Item');
    const lookups: Lookups = {
      // Every line watched: every detail type is mapped line by line.
      watched: new Set(accounts),
      itemIncomeAccount: new Map(items.map((item) => [item.Id, String((item.IncomeAccountRef as { value: string }).value)])),
      itemForIncomeAccount: new Map(items.map((item) => [String((item.IncomeAccountRef as { value: string }).value), item.Id])),
      isCategoryAccount: () => true,
    };
    const noneWatched: Lookups = { ...lookups, watched: new Set() };
    // An account an item posts to, so a sales receipt's line can be built too.
    const answer = publishLine(1000, String((items[0]!.IncomeAccountRef as { value: string }).value), {
      vendorExternalId: store.list('Vendor')[0]!.Id,
      customerExternalId: store.list('Customer')[0]!.Id,
      classExternalId: store.list('Class')[0]!.Id,
      locationExternalId: store.list('Department')[0]!.Id,
      taxExternalId: 'NON',
      billable: 'NOT_BILLABLE',
      description: 'Paper',
    });

    for (const entity of TRANSACTION_ENTITIES) {
      const rows = store.list(entity);
      expect(rows.length, entity).toBeGreaterThan(0);
      const reads: Reads = new Map();
      for (const row of rows) {
        const raw = watching(row as QboEntity, [], reads);
        mapTransaction(entity, raw, lookups);
        historyLinesOf(entity, raw, noneWatched);
        buildPublishUpdate(entity, raw, [answer], lookups);
      }
      expect(undefinedReads(entity, reads), entity).toEqual([]);
    }
  });

  it('reads of every reference list only keys its type defines, items’ income accounts included', () => {
    const store = company();
    for (const entity of REF_ENTITY_NAMES) {
      const reads: Reads = new Map();
      const page = referencePage(
        entity,
        store.list(entity).map((row) => watching(row as QboEntity, [], reads)),
      );
      qboLookups({ accounts: [], refs: page.refs.map((ref) => ({ kind: ref.kind, externalId: ref.externalId, active: ref.active, raw: ref.raw })) });
      expect(undefinedReads(entity, reads), entity).toEqual([]);
    }
  });
});
