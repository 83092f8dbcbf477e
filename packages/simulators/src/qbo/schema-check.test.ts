import { describe, expect, it } from 'vitest';
import { takeContractViolations } from '../contract-check/index.js';
import { qboSchema } from '../qbo-schema/index.js';
import { ALL_ENTITIES } from './entities.js';
import { connectedSimulator, list, obj } from './test-support.js';
import type { JsonObject } from './types.js';

const accountId = (rows: JsonObject[], name: string): string => String(rows.find((row) => row.Name === name)?.Id);

/** A started simulator with the ids a purchase needs. */
async function purchaseWorld() {
  const world = await connectedSimulator();
  const accounts = world.sim.listEntities(world.realmId, 'Account');
  const checking = accountId(accounts, 'Checking');
  const expense = accountId(accounts, 'Uncategorized Expense');
  const purchase = (detail: JsonObject = {}): JsonObject => ({
    PaymentType: 'Check',
    AccountRef: { value: checking },
    Line: [{ Amount: 10, DetailType: 'AccountBasedExpenseLineDetail', AccountBasedExpenseLineDetail: { AccountRef: { value: expense }, ...detail } }],
  });
  return { ...world, purchase };
}

const errors = (body: JsonObject) => list(obj(body.Fault).Error);

describe("requests and answers outside Intuit's entity schemas", () => {
  it('refuses an entity body with a key the schema does not define as QuickBooks does (400, ValidationFault 2010), writing nothing', async () => {
    const { sim, realmId, api, purchase } = await purchaseWorld();
    const before = sim.listEntities(realmId, 'Purchase').length;

    const refused = await api.post('/purchase?minorversion=75', purchase({ ClassRefs: { value: '1' } }));

    expect(refused.status).toBe(400);
    expect(obj(refused.body.Fault).type).toBe('ValidationFault');
    expect(errors(refused.body)).toEqual([
      {
        Message: 'Request has invalid or unsupported property',
        Detail: 'Property Name:Purchase.Line[0].AccountBasedExpenseLineDetail has "ClassRefs", which Finance.xsd (AccountBasedExpenseLineDetail) does not define',
        code: '2010',
        element: '',
      },
    ]);
    expect(sim.listEntities(realmId, 'Purchase')).toHaveLength(before);
    expect(takeContractViolations()).toEqual([
      {
        contract: 'qbo/Finance.xsd',
        direction: 'request',
        message: 'POST /purchase',
        problems: ['Purchase.Line[0].AccountBasedExpenseLineDetail has "ClassRefs", which Finance.xsd (AccountBasedExpenseLineDetail) does not define'],
      },
    ]);
  });

  it('refuses a sparse update with a spelling the enumeration lacks, and takes the same body spelt right', async () => {
    const { api, purchase } = await purchaseWorld();
    const created = obj((await api.post('/purchase', purchase())).body.Purchase);
    const update = { Id: created.Id, SyncToken: created.SyncToken, sparse: true, ...purchase({ BillableStatus: 'Billed' }) };

    const refused = await api.post('/purchase?operation=update', update);
    expect(refused.status).toBe(400);
    expect(errors(refused.body).map((error) => error.Detail)).toEqual([
      'Property Name:Purchase.Line[0].AccountBasedExpenseLineDetail.BillableStatus must be one of Billable, NotBillable, HasBeenBilled (Finance.xsd, BillableStatusEnum), not "Billed"',
    ]);
    expect(takeContractViolations().map((violation) => violation.message)).toEqual(['POST /purchase']);

    const taken = await api.post('/purchase?operation=update', { ...update, ...purchase({ BillableStatus: 'NotBillable' }) });
    expect(taken.status).toBe(200);
    expect(obj(taken.body.Purchase).SyncToken).toBe('1');
  });

  it('refuses a whole batch when one item is outside the schema (QuickBooks cannot read the body), running none of it', async () => {
    const { sim, realmId, api, purchase } = await purchaseWorld();
    const before = sim.listEntities(realmId, 'Purchase').length;

    const refused = await api.post('/batch', {
      BatchItemRequest: [
        { bId: '1', operation: 'create', Purchase: purchase() },
        { bId: '2', operation: 'create', Purchase: { ...purchase(), Payee: 'Chin’s Gas' } },
      ],
    });

    expect(refused.status).toBe(400);
    expect(errors(refused.body).map((error) => [error.code, error.Detail])).toEqual([
      ['2010', 'Property Name:BatchItemRequest[1].Purchase has "Payee", which Finance.xsd (Purchase) does not define'],
    ]);
    expect(sim.listEntities(realmId, 'Purchase')).toHaveLength(before);
    expect(takeContractViolations()).toMatchObject([{ direction: 'request', message: 'POST /batch' }]);
  });

  it('refuses an upload whose metadata part is not an Attachable', async () => {
    const { sim, realmId, tokens } = await connectedSimulator();
    const form = new FormData();
    form.append(
      'file_metadata_01',
      new Blob([JSON.stringify({ AttachableRef: [{ EntityRef: { type: 'Purchase', value: '1' } }], Filename: 'r.pdf' })], { type: 'application/json' }),
    );
    form.append('file_content_01', new Blob(['%PDF-1.4'], { type: 'application/pdf' }), 'r.pdf');

    const response = await fetch(`${sim.url}/v3/company/${realmId}/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.access_token}`, accept: 'application/json' },
      body: form,
    });

    expect(response.status).toBe(400);
    const body = (await response.json()) as JsonObject;
    expect(errors(body)[0]?.Detail).toBe('Property Name:Attachable has "Filename", which Finance.xsd (Attachable) does not define');
    expect(sim.listEntities(realmId, 'Attachable')).toHaveLength(0);
    expect(takeContractViolations()).toMatchObject([{ direction: 'request', message: 'POST /upload (file_metadata)' }]);
  });

  it('records an answer of its own that strays from the schema', async () => {
    const { sim, realmId, api } = await connectedSimulator();
    const vendor = sim.listEntities(realmId, 'Vendor')[0]!;
    // What a drifted simulator would hold: a field QuickBooks' Vendor does not have.
    sim.putEntity(realmId, 'Vendor', { Id: vendor.Id, Nickname: 'Chin' });

    const read = await api.get(`/vendor/${vendor.Id}`);

    expect(read.status).toBe(200);
    expect(takeContractViolations()).toEqual([
      {
        contract: 'qbo/Finance.xsd',
        direction: 'response',
        message: `GET /vendor/${vendor.Id} → 200`,
        problems: ['Vendor has "Nickname", which IntuitNamesTypes.xsd (Vendor) does not define'],
      },
    ]);
  });

  it('seeds every entity within the schema', async () => {
    const { sim } = await connectedSimulator({ companies: [{ transactions: 300 }] });
    const realmId = sim.companies()[0]!.realmId;
    for (const entity of ALL_ENTITIES) {
      for (const row of sim.listEntities(realmId, entity)) expect(qboSchema().checkElement(entity, row)).toEqual([]);
    }
  });
});
