import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientCompanyAssignments } from '../../../db/schema/index.js';
import { clientMaker, type TestClient } from '../../../../test/client.js';
import { addFirmMember, firmMemberPkOf, signIn, signedInCast } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 231);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

interface Bell {
  kind: string;
  title: string;
  text: string;
  target: { type: string; pk: number };
}
const bell = async (client: TestClient): Promise<Bell[]> => (await client.get('notifications/list/')).json().results;

/** A firm with a client company, a team member assigned to it (Tess) and one who is not (the cast's own). */
const setup = async () => {
  const cast = await signedInCast(t.db, newClient);
  const pk = cast.clientUser.companyId;
  const assigned = await addFirmMember(t.db, cast.firm.firmId, 'TEAM_MEMBER');
  await t.db.insert(clientCompanyAssignments).values({ clientCompanyId: pk, firmMemberId: await firmMemberPkOf(t.db, assigned.userId) });
  const tess = newClient();
  await signIn(tess, assigned.email);
  return { cast, pk, tess, tessPk: assigned.userId };
};

describe('@mentions in notes', () => {
  it('tells the mentioned colleague who can see the client, not an unassigned one, never the author', async () => {
    const { cast, pk, tess, tessPk } = await setup();
    const written = await cast.admin.post(`accounting/notes/client-company/${pk}/note/create/`, {
      body: '@Cody Coworker can you check the March statement?',
      mentions: [tessPk, cast.teamMemberId, cast.firm.adminId],
    });
    expect(written.statusCode).toBe(201);
    expect(
      written
        .json()
        .mentions.map((m: { pk: number }) => m.pk)
        .sort(),
    ).toEqual([tessPk, cast.teamMemberId, cast.firm.adminId].sort());
    expect(await bell(tess)).toEqual([
      expect.objectContaining({
        kind: 'NOTE_MENTION',
        title: expect.stringMatching(/^Ada Admin mentioned you on /),
        text: '@Cody Coworker can you check the March statement?',
        target: { type: 'CLIENT_COMPANY', pk },
      }),
    ]);
    expect(await bell(cast.teamMember)).toEqual([]);
    expect((await bell(cast.admin)).filter((n) => n.kind === 'NOTE_MENTION')).toEqual([]);
    // The client hears of the note as a note, and sees its text as written, with no staff pks.
    expect((await bell(cast.client)).map((n) => n.kind)).toEqual(['NOTE']);
    expect((await cast.client.get(`accounting/notes/client-company/${pk}/note/list/`)).json()[0]).toMatchObject({ body: written.json().body, mentions: [] });
  });

  it('refuses a mention of another firm’s person or of a client with a field error, and saves nothing', async () => {
    const { cast, pk } = await setup();
    for (const stranger of [cast.outsider.adminId, cast.clientUser.userId]) {
      const refused = await cast.admin.post(`accounting/notes/client-company/${pk}/note/create/`, { body: 'Hello @Ada', mentions: [stranger] });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ mentions: ['A mention must name a person of your firm.'] });
    }
    expect((await cast.admin.get(`accounting/notes/client-company/${pk}/note/list/`)).json()).toEqual([]);
    expect((await cast.admin.post(`accounting/notes/client-company/${pk}/note/create/`, { body: 'x', mentions: ['a'] })).json()).toEqual({
      'mentions.0': ['Mentions is not valid.'],
    });
  });

  it('a client cannot mention anyone', async () => {
    const { cast, pk } = await setup();
    const refused = await cast.client.post(`accounting/notes/client-company/${pk}/note/create/`, { body: '@Ada Admin hi', mentions: [cast.firm.adminId] });
    expect(refused.json()).toEqual({ mentions: ['Only your accountant’s firm can mention people in a note.'] });
    // Typing an @ is just text for them.
    expect((await cast.client.post(`accounting/notes/client-company/${pk}/note/create/`, { body: '@Ada Admin hi' })).statusCode).toBe(201);
    expect((await bell(cast.admin)).map((n) => n.kind)).toEqual(['NOTE']);
  });

  it('an edit that adds a mention tells only the person added', async () => {
    const { cast, pk, tess, tessPk } = await setup();
    const note = (await cast.admin.post(`accounting/notes/client-company/${pk}/note/create/`, { body: 'Draft', mentions: [tessPk] })).json();
    await cast.admin.patch(`accounting/notes/client-company/note/update/${note.pk}/`, { body: 'Draft, fixed' });
    const other = await addFirmMember(t.db, cast.firm.firmId, 'CLIENT_ADMIN');
    await cast.admin.patch(`accounting/notes/client-company/note/update/${note.pk}/`, { body: 'Final', mentions: [tessPk, other.userId] });
    expect((await bell(tess)).length).toBe(1);
    const otherClient = newClient();
    await signIn(otherClient, other.email);
    expect((await bell(otherClient)).map((n) => [n.kind, n.text])).toEqual([['NOTE_MENTION', 'Final']]);
  });

  it('mentions in the firm’s internal thread reach the colleague named', async () => {
    const { cast, tess, tessPk } = await setup();
    await cast.admin.post(`accounting/notes/accountant-company/${cast.firm.firmId}/note/create/`, { body: 'Lunch?', mentions: [tessPk] });
    expect((await bell(tess)).map((n) => [n.kind, n.target.type])).toEqual([['NOTE_MENTION', 'ACCOUNTANT_COMPANY']]);
    expect(await bell(cast.teamMember)).toEqual([]);
  });

  it('offers the firm’s people who can see the client; clients are refused, another firm gets 404', async () => {
    const { cast, pk, tessPk } = await setup();
    const offered = (await cast.teamMember.get(`accounting/notes/mentionable/`)).json().map((p: { pk: number }) => p.pk);
    expect(offered).toEqual(expect.arrayContaining([tessPk, cast.teamMemberId, cast.firm.adminId]));
    const forClient = (await cast.admin.get(`accounting/notes/mentionable/?client_company=${pk}`)).json();
    expect(forClient.map((p: { pk: number }) => p.pk)).toEqual(expect.arrayContaining([tessPk, cast.firm.adminId]));
    expect(forClient.map((p: { pk: number }) => p.pk)).not.toContain(cast.teamMemberId);
    expect(forClient.find((p: { pk: number }) => p.pk === cast.firm.adminId).name).toBe('Ada Admin');
    expect((await cast.client.get(`accounting/notes/mentionable/?client_company=${pk}`)).statusCode).toBe(403);
    expect((await cast.otherFirmAdmin.get(`accounting/notes/mentionable/?client_company=${pk}`)).statusCode).toBe(404);
    expect((await cast.teamMember.get(`accounting/notes/mentionable/?client_company=${pk}`)).statusCode).toBe(404);
    expect((await cast.admin.get(`accounting/notes/mentionable/?client_company=abc`)).json()).toEqual({ client_company: ['Client company is not valid.'] });
  });
});
