import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDocumentedKarbon, type DocumentedKarbon } from '../../../test/karbon-reference.js';
import { createKarbonClient } from './karbon-client.js';
import { KarbonUnexpectedAnswerError, type KarbonKeys } from '../../modules/firm/practice-management/karbon.port.js';

/**
 * Herd's Karbon client read against what Karbon's API reference (KarbonAPI.json) documents as each
 * answer: its own examples, served as they are written there.
 */
let karbon: DocumentedKarbon;
const keys: KarbonKeys = { applicationId: '550e8400-e29b-41d4-a716-446655440000', accessKey: 'eyJa.eyJb.c', sandbox: false };
const client = () => createKarbonClient({ baseUrl: karbon.url, sandboxUrl: () => null, timeoutMs: 5_000 });

beforeAll(async () => {
  karbon = await startDocumentedKarbon();
});
afterAll(async () => karbon?.close());

describe('the Karbon client, on the answers Karbon’s reference documents', () => {
  it('reads TenantSettings as documented: work types with the statuses they keep, primary statuses with their secondary ones', async () => {
    const tenant = await client().tenantSettings(keys);
    expect(tenant.tenantKey).toBe('2BzmMRkhbwBT');
    expect(tenant.workTypes).toEqual([
      {
        key: 'nTlQkTQnNz7',
        name: 'Accounting',
        statuses: ['In Progress', 'Ready To Start', 'Waiting', 'Completed'],
        secondaryStatusKeys: ['2mwflHRTqsdv', '3sDb8y6mgzrz', 'GrZfvNMt49q', 'nJ8jJDwF6l'],
      },
      {
        key: '3RJgJSgq5xz',
        name: 'Bookkeeping',
        statuses: ['In Progress', 'Ready To Start', 'Waiting', 'Completed'],
        secondaryStatusKeys: ['GrZfvNMt49q', 'nJ8jJDwF6l'],
      },
    ]);
    expect(tenant.workStatuses.map((status) => status.name)).toEqual([
      'Planned',
      'In Progress',
      'In Progress - Review',
      'In Progress - Assemble',
      'In Progress - Lodge',
      'In Progress - Follow-up',
      'Waiting',
      'Waiting - Waiting for client',
      'Waiting - Wait for confirmation',
      'Completed',
      'Completed - Billed',
      'Completed - Cancelled',
      'Ready To Start',
    ]);
    expect(tenant.workStatuses).toContainEqual({ name: 'Ready To Start', type: 'Primary', primaryStatus: 'ReadyToStart' });
    expect(tenant.workStatuses).toContainEqual({
      name: 'In Progress - Review',
      type: 'Secondary',
      primaryStatus: 'InProgress',
      secondaryStatus: 'Review',
      workStatusKey: '2mwflHRTqsdv',
    });
  });

  it('reads the organizations and contacts lists, and a single organization and contact with their business cards', async () => {
    const pages = [];
    for await (const page of client().directory(keys)) pages.push(page);
    expect(pages).toEqual([
      [{ key: '29YXnqWcqCf3', type: 'Organization', name: 'Sample Company', email: 'info@samplecompany.com' }],
      [{ key: '29YXnqWcqCf3', type: 'Contact', name: 'William John Connor', email: 'william.connor@samplecompany.com' }],
    ]);
    // A single record carries no email of its own: it is on the primary business card.
    expect(await client().directoryEntry(keys, '2Nw8tnxwQCVf', 'Organization')).toEqual({
      key: '2Nw8tnxwQCVf',
      type: 'Organization',
      name: 'Sample Company',
      email: 'sample@example.com',
    });
    // A single contact has no FullName, only its names.
    expect(await client().directoryEntry(keys, '67zlxNyJSr8e', 'Contact')).toEqual({
      key: '67zlxNyJSr8e',
      type: 'Contact',
      name: 'William John Connor',
      email: 'sample@example.com',
    });
    expect(karbon.requests).toContain('GET /v3/Organizations/2Nw8tnxwQCVf?$expand=BusinessCards');
  });

  it('reads the users, a created note’s and work item’s keys, a found work item and a client’s files', async () => {
    expect(await client().users(keys)).toEqual([{ id: '4LR9qmR5NQ6T', name: 'Joe Min', email: 'joe@samplecompany.com' }]);
    const organization = { key: '4ncPZ7q96SGc', type: 'Organization' as const };
    expect(await client().createNote(keys, { subject: 's', body: 'b', authorEmail: 'joe@samplecompany.com', client: organization })).toEqual({ key: 'Tz3lJgXMPdy' });
    const item = { title: 't', description: 'd', assigneeEmail: 'joe@samplecompany.com', client: organization, startDate: new Date(), workType: null, workStatus: null };
    expect(await client().createWorkItem(keys, item)).toEqual({ key: '2LPSrkzbYrn4' });
    expect(await client().findWorkItem(keys, organization.key, 't')).toBe('2LPSrkzbYrn4');
    expect(await client().files(keys, organization)).toEqual([{ key: 'S8bsBjvCRJ3', name: 'image.jpeg', size: 7316, contentType: 'image/jpeg' }]);
    await expect(client().subscribe(keys, 'Contact', 'https://herd.example/hook', 'a'.repeat(32))).resolves.toBeUndefined();
    await expect(client().unsubscribe(keys, 'Contact')).resolves.toBeUndefined();
  });

  it('names the operation and the field when an answer strays from the reference, rather than failing blindly', async () => {
    const documented = await fetch(`${karbon.url}/v3/TenantSettings`).then((r) => r.json() as Promise<Record<string, unknown>>);
    karbon.answer('GET', '/v3/TenantSettings', { ...documented, WorkTypes: [{ Name: 'Tax', WorkTypeKey: 'k', AvailableStatuses: ['In Progress'] }] });
    const failure = await client()
      .tenantSettings(keys)
      .catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(KarbonUnexpectedAnswerError);
    expect((failure as Error).message).toBe(
      'Karbon answered GET /v3/TenantSettings in a shape Herd does not understand: WorkTypes[0].AvailableStatuses is not an object.',
    );
    karbon.answer('GET', '/v3/TenantSettings', documented);
    karbon.answer('GET', '/v3/Users', { value: [{ Name: 'No id' }] });
    await expect(client().users(keys)).rejects.toThrow('GET /v3/Users in a shape Herd does not understand: value[0].Id is missing');
  });
});
