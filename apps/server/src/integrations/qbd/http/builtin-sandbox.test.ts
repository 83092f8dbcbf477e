import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createQbdSimulator } from '@herd/simulators';
import type { AppDeps } from '../../../app-deps.js';
import { testConfig } from '../../../../test/harness.js';
import { keepCompanyFiles } from './builtin-sandbox.js';

/** The sandbox's files need only the configuration of the app they are kept for. */
const appWith = (config: ReturnType<typeof testConfig>): FastifyInstance => Fastify().decorate('deps', { config } as AppDeps);

describe('the built-in QuickBooks Desktop sandbox', () => {
  it('keeps each company’s file across a restart, with the changes made to it', async () => {
    const config = testConfig();
    const first = appWith(config);
    const kept = keepCompanyFiles(first);
    const file = createQbdSimulator({ companyName: 'Summit Joinery (sandbox)', transactions: 5 });
    kept.state.set(12, file);
    const [check] = file.transactions('Check');
    file.editTransaction(check!.txnId, (txn) => (txn.memo = 'written by Herd'));
    kept.changed();
    await first.close();

    const second = appWith(config);
    const again = keepCompanyFiles(second).state.get(12);
    expect(again?.company.name).toBe('Summit Joinery (sandbox)');
    expect(again?.transactions()).toEqual(file.transactions());
    await second.close();
  });
});
