import { describe, expect, it } from 'vitest';
import { connectedSimulator, list, obj } from './test-support.js';

describe('attachments', () => {
  it('uploads a file with its metadata part, linked to a purchase, and serves it back', async () => {
    const { sim, api, realmId, tokens } = await connectedSimulator();
    const purchase = sim.listEntities(realmId, 'Purchase')[0];
    const form = new FormData();
    const metadata = { AttachableRef: [{ EntityRef: { type: 'Purchase', value: purchase?.Id } }], FileName: 'receipt.pdf', ContentType: 'application/pdf' };
    form.append('file_metadata_01', new Blob([JSON.stringify(metadata)], { type: 'application/json' }));
    form.append('file_content_01', new Blob(['%PDF-1.4 receipt'], { type: 'application/pdf' }), 'receipt.pdf');
    const response = await fetch(`${sim.url}/v3/company/${realmId}/upload?minorversion=75`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.access_token}`, accept: 'application/json' },
      body: form,
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { AttachableResponse: { Attachable: Record<string, unknown> }[] };
    const attachable = body.AttachableResponse[0]?.Attachable ?? {};
    expect(attachable).toMatchObject({ FileName: 'receipt.pdf', ContentType: 'application/pdf', Size: 16, SyncToken: '0' });
    expect(attachable.AttachableRef).toEqual(metadata.AttachableRef);

    // QBO answers a download with a temporary URL as text; the URL serves the bytes.
    const uri = await (
      await fetch(`${sim.url}/v3/company/${realmId}/download/${String(attachable.Id)}`, { headers: { authorization: `Bearer ${tokens.access_token}` } })
    ).text();
    expect(uri).toBe(attachable.TempDownloadUri);
    const bytes = await (await fetch(uri)).text();
    expect(bytes).toBe('%PDF-1.4 receipt');

    const found = await api.query(`select * from Attachable where AttachableRef.EntityRef.Value = '${String(purchase?.Id)}'`);
    expect(list(obj(found.body.QueryResponse).Attachable).map((row) => row.Id)).toEqual([attachable.Id]);
  });

  it('accepts a content-only upload, then links it with an Attachable update', async () => {
    const { sim, api, realmId, tokens } = await connectedSimulator();
    const bill = sim.listEntities(realmId, 'Bill')[0];
    const form = new FormData();
    form.append('file_content_01', new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }), 'r.jpg');
    const response = await fetch(`${sim.url}/v3/company/${realmId}/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.access_token}` },
      body: form,
    });
    const attachable = ((await response.json()) as { AttachableResponse: { Attachable: Record<string, unknown> }[] }).AttachableResponse[0]?.Attachable ?? {};
    expect(attachable).toMatchObject({ FileName: 'r.jpg', ContentType: 'image/jpeg', Size: 3 });
    expect(attachable.AttachableRef).toBeUndefined();

    // node-quickbooks links with a full (non-sparse) update carrying only Id, SyncToken and AttachableRef.
    const linked = await api.post('/attachable?operation=update', {
      Id: String(attachable.Id),
      SyncToken: '0',
      AttachableRef: [{ EntityRef: { type: 'Bill', value: String(bill?.Id) } }],
    });
    expect(linked.status).toBe(200);
    expect(obj(linked.body.Attachable)).toMatchObject({ FileName: 'r.jpg', Size: 3, SyncToken: '1' });

    const badLink = await api.post('/attachable', { AttachableRef: [{ EntityRef: { type: 'Purchase', value: '999999' } }], Note: 'x' });
    expect(badLink.status).toBe(400);
    const note = await api.post('/attachable', { AttachableRef: [{ EntityRef: { type: 'Bill', value: String(bill?.Id) } }], Note: 'Paid by card' });
    expect(obj(note.body.Attachable).Note).toBe('Paid by card');
  });
});
