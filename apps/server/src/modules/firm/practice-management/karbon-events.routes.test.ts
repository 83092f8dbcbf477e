import { and, eq } from 'drizzle-orm';
import { signKarbonWebhook, type KarbonSimulator } from '@herd/simulators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { karbonDirectory, karbonEvents, karbonInstances } from '../../../db/schema/index.js';
import { createSecretBox } from '../../../lib/secret-box.js';
import { clientMaker } from '../../../../test/client.js';
import { signedInCast } from '../../../../test/factories.js';
import type { TestApp } from '../../../../test/harness.js';
import { pasted, startKarbonWorld } from '../../../../test/karbon.js';
import { notifyCommunicationCreated, notifyTransactionsAnswered } from '../../messaging/notifications/events.service.js';
import { KarbonConflictError, KarbonRateLimitError } from './karbon.port.js';
import { deliverFirmEvents, sweepKarbonEvents } from './karbon-delivery.job.js';

/** What a firm's Karbon hears of: events owed where they happen, sent once, within the limits; and Karbon's changes coming back. */
let sim: KarbonSimulator;
let t: TestApp;
let cast: Awaited<ReturnType<typeof signedInCast>>;
let tenant: string;
let companyPk: number;
let organization: { key: string; name: string };

const eventsOf = (pk: number) => t.db.select().from(karbonEvents).where(eq(karbonEvents.clientCompanyId, pk));
const notesAbout = (key: string) => sim.notes(tenant).filter((note) => (note.Timelines as { EntityKey: string }[]).some((tl) => tl.EntityKey === key));
const answered = (pk: number, count: number) => t.db.transaction((tx) => notifyTransactionsAnswered(tx, { firmId: cast.firm.firmId, companyPk: pk, count }));

beforeAll(async () => {
  ({ sim, t } = await startKarbonWorld({ tenants: [{ name: 'Practice', seed: { organizations: 8, contacts: 4 } }] }));
  tenant = sim.tenants()[0]!.tenantKey;
  cast = await signedInCast(
    t.db,
    clientMaker(() => t.app, 82),
  );
  expect((await cast.admin.post('integrations/karbon/instance/', pasted(sim))).statusCode).toBe(201);
  const first = sim.organizations(tenant)[0]!;
  organization = { key: first.OrganizationKey as string, name: first.FullName as string };
  // A client company named as the organization is: suggested by name, then linked.
  companyPk = (await cast.admin.post('accounting/accountant/client-companies/create/', { name: `${organization.name} LLC`, connection_kind: 'CSV' })).json().pk;
});
afterAll(async () => {
  await t?.close();
  await sim?.close();
});

describe('mapping client companies', () => {
  it('suggests the organization of the same name, links it, and unlinks it', async () => {
    const row = (await cast.admin.get('integrations/karbon/organizations/mappings/'))
      .json()
      .results.find((r: { client_company: number }) => r.client_company === companyPk);
    expect(row.mapping).toBeNull();
    expect(row.suggestions).toContainEqual(expect.objectContaining({ key: organization.key, type: 'Organization', reason: 'name' }));
    const linked = await cast.admin.post('integrations/karbon/organizations/mappings/', {
      client_company: companyPk,
      karbon_key: organization.key,
      karbon_type: 'Organization',
    });
    expect(linked.statusCode, linked.body).toBe(201);
    expect(linked.json().mapping).toMatchObject({ key: organization.key, name: organization.name });
    const wrongKind = await cast.admin.patch(`integrations/karbon/organizations/mappings/${companyPk}/update/`, {
      target: { karbon_key: organization.key, karbon_type: 'Contact' },
    });
    expect(wrongKind.statusCode).toBe(400);
    const unknown = await cast.admin.patch(`integrations/karbon/organizations/mappings/${companyPk}/update/`, {
      target: { karbon_key: 'NOPE', karbon_type: 'Organization' },
    });
    expect(unknown.json().karbon_key[0]).toContain('no such');
    const unlinked = await cast.admin.patch(`integrations/karbon/organizations/mappings/${companyPk}/update/`, { target: null });
    expect(unlinked.json().mapping).toBeNull();
    const relinked = await cast.admin.patch(`integrations/karbon/organizations/mappings/${companyPk}/update/`, {
      target: { karbon_key: organization.key, karbon_type: 'Organization' },
    });
    expect(relinked.json().mapping.key).toBe(organization.key);
    expect((await cast.otherFirmAdmin.patch(`integrations/karbon/organizations/mappings/${companyPk}/update/`, { target: null })).statusCode).toBe(404);
  });
});

describe('events written to Karbon', () => {
  it('owes one note for answers given while one waits, sends it once on the client’s timeline, and never again', async () => {
    await answered(companyPk, 2);
    await answered(companyPk, 3);
    const [waiting] = await eventsOf(companyPk);
    expect(waiting).toMatchObject({ kind: 'TRANSACTIONS_ANSWERED', count: 5, state: 'PENDING' });
    const before = notesAbout(organization.key).length;
    expect(await sweepKarbonEvents(t.app.deps)).toBe(1);
    const notes = notesAbout(organization.key);
    expect(notes).toHaveLength(before + 1);
    expect(notes.at(-1)!.Subject).toContain('answered 5 transactions');
    expect(await sweepKarbonEvents(t.app.deps)).toBe(0);
    expect(notesAbout(organization.key)).toHaveLength(before + 1);
    expect((await eventsOf(companyPk))[0]).toMatchObject({ state: 'SENT' });
  });

  it('owes nothing for a company linked to no Karbon client, nor when the company’s settings say no', async () => {
    const unlinked = (await cast.admin.post('accounting/accountant/client-companies/create/', { name: 'Unlinked Co', connection_kind: 'CSV' })).json().pk;
    await answered(unlinked, 1);
    expect(await eventsOf(unlinked)).toEqual([]);
    expect((await cast.admin.patch(`integrations/karbon/settings/${companyPk}/update/`, { note_on_transactions_answered: false })).statusCode).toBe(200);
    const sentBefore = (await eventsOf(companyPk)).length;
    await answered(companyPk, 1);
    expect(await eventsOf(companyPk)).toHaveLength(sentBefore);
    await cast.admin.patch(`integrations/karbon/settings/${companyPk}/update/`, { note_on_transactions_answered: null });
  });

  it('makes a work item of the chosen type and status for a request sent, found again rather than made twice on a retry', async () => {
    const view = (await cast.admin.get('integrations/karbon/settings/')).json();
    // A secondary status the work type keeps: written as Karbon's PrimaryStatus and SecondaryStatus.
    const chosen = { ...view.settings, work_item_on_request_sent: true, work_type: 'Client Request', work_status: 'In Progress - With client' };
    expect((await cast.admin.patch('integrations/karbon/settings/update/', chosen)).statusCode).toBe(200);
    await t.db.transaction((tx) =>
      notifyCommunicationCreated(tx, { firmId: cast.firm.firmId, companyPk, pk: 4242, kind: 'REQUEST', subject: 'Bank statements for May', fromFirm: true, by: null }),
    );
    expect(await sweepKarbonEvents(t.app.deps)).toBe(1);
    const items = sim.workItems(tenant).filter((w) => String(w.Title).includes('Bank statements for May'));
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      ClientKey: organization.key,
      ClientType: 'Organization',
      WorkType: 'Client Request',
      PrimaryStatus: 'InProgress',
      SecondaryStatus: 'With client',
    });
    // The same event sent again (a crash before Herd recorded it) finds its work item.
    const [event] = (await eventsOf(companyPk)).filter((e) => e.kind === 'REQUEST_SENT');
    await t.db
      .update(karbonEvents)
      .set({ state: 'PENDING', eventKey: `again:${event!.pk}` })
      .where(eq(karbonEvents.pk, event!.pk));
    await deliverFirmEvents(t.app.deps, cast.firm.firmId);
    expect(sim.workItems(tenant).filter((w) => String(w.Title).includes('Bank statements for May'))).toHaveLength(1);
  });

  it('waits after Karbon fails, shows the error, and sends once when Karbon is back', async () => {
    sim.failNext({ path: '/v3/Notes', status: 503 });
    await answered(companyPk, 1);
    const before = notesAbout(organization.key).length;
    expect(await sweepKarbonEvents(t.app.deps)).toBe(0);
    const [waiting] = (await eventsOf(companyPk)).filter((e) => e.state === 'PENDING');
    expect(waiting).toMatchObject({ attempts: 1, lastError: expect.stringContaining('503') });
    expect((await cast.admin.get('integrations/karbon/settings/')).json().instance).toMatchObject({ pending_events: 1, last_error: expect.stringContaining('503') });
    // Not before its backoff has passed.
    expect(await sweepKarbonEvents(t.app.deps)).toBe(0);
    expect(await deliverFirmEvents(t.app.deps, cast.firm.firmId, new Date(Date.now() + 5 * 60_000))).toBe(1);
    expect(notesAbout(organization.key)).toHaveLength(before + 1);
  });
});

describe('Karbon’s limits while sending', () => {
  /** The app's Karbon, with `createNote` answering as `answers` says, call by call (then as Karbon does). */
  const karbonAnswering = (answers: Error[]) => {
    const real = t.app.deps.karbon;
    let calls = 0;
    return {
      deps: {
        ...t.app.deps,
        karbon: {
          ...real,
          createNote: (...args: Parameters<typeof real.createNote>) => {
            const answer = answers[calls++];
            return answer ? Promise.reject(answer) : real.createNote(...args);
          },
        },
      },
      calls: () => calls,
    };
  };

  it('waits as long as a 429 says and stops the firm’s sending meanwhile; a lost race (409/4020) is sent again at once, once', async () => {
    await answered(companyPk, 1);
    const limited = karbonAnswering([new KarbonRateLimitError(30_000)]);
    const now = new Date();
    expect(await deliverFirmEvents(limited.deps, cast.firm.firmId, now)).toBe(0);
    const [waiting] = (await eventsOf(companyPk)).filter((e) => e.state === 'PENDING');
    expect(waiting!.nextAttemptAt.getTime()).toBe(now.getTime() + 30_000);
    expect(await deliverFirmEvents(limited.deps, cast.firm.firmId, new Date(now.getTime() + 29_000))).toBe(0);
    const before = notesAbout(organization.key).length;
    const raced = karbonAnswering([new KarbonConflictError('lost a race')]);
    expect(await deliverFirmEvents(raced.deps, cast.firm.firmId, new Date(now.getTime() + 31_000))).toBe(1);
    expect(raced.calls()).toBe(2);
    expect(notesAbout(organization.key)).toHaveLength(before + 1);
  });
});

describe('Karbon’s webhooks', () => {
  const deliver = async (body: string, signature: string, token?: string) => {
    const [instance] = await t.db.select().from(karbonInstances).where(eq(karbonInstances.firmId, cast.firm.firmId));
    return t.app.inject({
      method: 'POST',
      url: `/api/v1/integrations/karbon/webhooks/${token ?? instance!.webhookToken}/`,
      headers: { 'content-type': 'application/json', 'x-karbon-signature': signature },
      payload: body,
    });
  };
  const signingKey = async () => {
    const [instance] = await t.db.select().from(karbonInstances).where(eq(karbonInstances.firmId, cast.firm.firmId));
    return createSecretBox('test-secret-key').open(instance!.signingKeyEnc);
  };

  it('reads back an organization Karbon says changed, and refuses an unsigned delivery or a guessed address', async () => {
    sim.updateOrganization(tenant, organization.key, { FullName: 'Renamed Practice Client' });
    const body = JSON.stringify({ ResourcePermaKey: organization.key, ResourceType: 'Contact', ActionType: 'Updated', TimeStamp: new Date().toISOString() });
    expect((await deliver(body, 'sha256=00')).statusCode).toBe(401);
    expect((await deliver(body, signKarbonWebhook(body, await signingKey()), 'guessed-token')).statusCode).toBe(401);
    const taken = await deliver(body, signKarbonWebhook(body, await signingKey()));
    expect(taken.statusCode).toBe(200);
    const [entry] = await t.db
      .select()
      .from(karbonDirectory)
      .where(and(eq(karbonDirectory.firmId, cast.firm.firmId), eq(karbonDirectory.key, organization.key)));
    expect(entry).toMatchObject({ name: 'Renamed Practice Client', type: 'Organization' });
  });
});
