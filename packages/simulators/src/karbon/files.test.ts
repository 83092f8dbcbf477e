import { describe, expect, it } from 'vitest';
import { startTestSimulator } from './test-support.js';

describe('Karbon files', () => {
  it('lists an organization’s files, redirects a download to a token URL, and answers the bytes to the keys alone', async () => {
    const sim = await startTestSimulator();
    const tenant = sim.tenants()[0]!;
    const organization = sim.organizations(tenant.tenantKey)[0]!;
    const key = sim.addFile(tenant.tenantKey, {
      entityType: 'Organization',
      entityKey: String(organization.OrganizationKey),
      fileName: 'receipt.pdf',
      mimeType: 'application/pdf',
      bytes: Buffer.from('%PDF-1.4 test'),
    });
    const headers = { authorization: `Bearer ${tenant.applicationId}`, accesskey: tenant.accessKey };
    const list = await fetch(`${sim.url}/v3/FileList/Organization?EntityKey=${String(organization.OrganizationKey)}`, { headers });
    const body = (await list.json()) as { Attachments: { FileContextKey: string; FileName: string; FileSize: number; MimeType: string }[] };
    expect(body.Attachments).toEqual([expect.objectContaining({ FileContextKey: key, FileName: 'receipt.pdf', FileSize: 13, MimeType: 'application/pdf' })]);
    const redirect = await fetch(`${sim.url}/v3/FileDetails/${key}/Download`, { headers, redirect: 'manual' });
    expect(redirect.status).toBe(302);
    const location = redirect.headers.get('location')!;
    expect(location).toMatch(new RegExp(`^${sim.url}/v3/Files\\?token=`));
    expect((await fetch(location)).status).toBe(401);
    const download = await fetch(location, { headers });
    expect(Buffer.from(await download.arrayBuffer()).toString()).toBe('%PDF-1.4 test');
    const other = await fetch(`${sim.url}/v3/FileList/Organization?EntityKey=NOPE`, { headers });
    expect(((await other.json()) as { Attachments: unknown[] }).Attachments).toEqual([]);
  });
});
