import { describe, expect, it } from 'vitest';
import { takeContractViolations } from '../contract-check/index.js';
import { connectedSimulator, list, obj } from './test-support.js';

describe('attachments', () => {
  it('uploads raw bytes, lists them (typed by the file name), serves them back and flags HasAttachments', async () => {
    const { sim, tenantId, tokens, api } = await connectedSimulator({ organisations: [{ transactions: 20 }] });
    const invoice = sim.listEntities(tenantId, 'Invoices')[0] ?? {};
    const id = String(invoice.InvoiceID);
    const bytes = Buffer.from('%PDF-1.4 receipt');
    const headers = { authorization: `Bearer ${tokens.access_token}`, 'xero-tenant-id': tenantId, accept: 'application/json' };
    const upload = await fetch(`${sim.url}/api.xro/2.0/Invoices/${id}/Attachments/receipt.pdf?IncludeOnline=true`, {
      method: 'PUT',
      headers: { ...headers, 'content-type': 'application/octet-stream' },
      body: bytes,
    });
    expect(upload.status).toBe(200);
    const [attachment] = list(((await upload.json()) as { Attachments: unknown }).Attachments);
    expect(attachment).toMatchObject({ FileName: 'receipt.pdf', MimeType: 'application/pdf', ContentLength: bytes.length, IncludeOnline: true });

    const listed = await api.get(`/Invoices/${id}/Attachments`);
    expect(list(listed.body.Attachments).map((row) => row.FileName)).toEqual(['receipt.pdf']);
    // The contract asks a download for the file's type in a `contentType` header.
    const download = await fetch(String(attachment?.Url), { headers: { ...headers, accept: 'application/pdf', contentType: 'application/pdf' } });
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await download.arrayBuffer())).toEqual(bytes);
    expect(list((await api.get(`/Invoices/${id}`)).body.Invoices)[0]?.HasAttachments).toBe(true);

    // POST with the same name replaces the file.
    await fetch(`${sim.url}/api.xro/2.0/Invoices/${id}/Attachments/receipt.pdf`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/octet-stream' },
      body: Buffer.from('v2'),
    });
    const after = list((await api.get(`/Invoices/${id}/Attachments`)).body.Attachments);
    expect(after.map((row) => row.ContentLength)).toEqual([2]);
  });

  it('refuses attachments to a record that does not exist or an endpoint without them', async () => {
    const { sim, tenantId, tokens } = await connectedSimulator({ organisations: [{ transactions: 1 }] });
    const headers = {
      authorization: `Bearer ${tokens.access_token}`,
      'xero-tenant-id': tenantId,
      accept: 'application/json',
      'content-type': 'application/octet-stream',
    };
    const missing = await fetch(`${sim.url}/api.xro/2.0/BankTransactions/00000000-0000-4000-8000-000000000000/Attachments/a.png`, { method: 'PUT', headers, body: 'x' });
    expect(missing.status).toBe(404);
    // Xero's contract has no attachments on tax rates: the request is refused as outside it.
    const refused = await fetch(`${sim.url}/api.xro/2.0/TaxRates/NONE/Attachments/a.png`, { method: 'PUT', headers, body: 'x' });
    expect(refused.status).toBe(400);
    expect(obj(await refused.json())).toMatchObject({
      Type: 'ValidationException',
      Elements: [{ ValidationErrors: [{ Message: '/TaxRates/NONE/Attachments/a.png is not a path of the contract (paths)' }] }],
    });
    expect(takeContractViolations()).toEqual([
      {
        contract: 'xero/xero_accounting.yaml',
        direction: 'request',
        message: 'PUT /TaxRates/NONE/Attachments/a.png',
        problems: ['/TaxRates/NONE/Attachments/a.png is not a path of the contract (paths)'],
      },
    ]);
  });
});
