import { eq } from 'drizzle-orm';
import type nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../../db/schema/index.js';
import { clientMaker } from '../../../../test/client.js';
import { signedInCast } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { composeMime, postInbound, sendTo } from '../../../../test/inbound.js';
import { PDF_BYTES, PNG_1X1 } from '../../../../test/multipart.js';
import { startInboundSmtp, type InboundSmtpListener } from './smtp-listener.service.js';

let t: TestApp;
let listener: InboundSmtpListener;
const newClient = clientMaker(() => t.app, 63);

beforeAll(async () => {
  t = await createTestApp();
  listener = await startInboundSmtp(t.app.deps, t.app.log, { port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await listener?.close();
  await t?.close();
});

const send = (message: nodemailer.SendMailOptions) => sendTo(listener.port, message);

const setup = async () => {
  const cast = await signedInCast(t.db, newClient);
  const pk = cast.clientUser.companyId;
  const addresses = (await cast.client.get('accounting/client/receipts/address/')).json();
  return { cast, pk, addresses };
};
const activeOf = async (cast: Awaited<ReturnType<typeof setup>>['cast'], pk: number) =>
  (await cast.admin.get(`accounting/accountant/client-company/${pk}/receipts/list/?ordering=created_at`)).json().results as {
    source: string;
    note: string;
    file: { name: string };
    uploaded_by: { pk: number };
  }[];

describe('receipts by email', () => {
  it('shows a client their personal address, the same each time; staff have none', async () => {
    const { cast, pk, addresses } = await setup();
    expect(addresses.address).toMatch(/^receipts\+[0-9a-f]{40}@inbound\.herd\.test$/);
    expect(addresses.default_company.pk).toBe(pk);
    expect(addresses.companies).toEqual([{ pk, name: addresses.default_company.name, address: addresses.address.replace('@', `-${pk}@`) }]);
    expect((await cast.client.get('accounting/client/receipts/address/')).json()).toEqual(addresses);
    expect((await cast.admin.get('accounting/client/receipts/address/')).statusCode).toBe(403);
  });

  it('over SMTP: every attachment becomes a receipt of the client’s company, the words its note; a second delivery files nothing more', async () => {
    const { cast, pk, addresses } = await setup();
    const message = {
      from: 'Shop <orders@shop.example.com>',
      to: addresses.address,
      subject: 'Your receipt',
      text: 'Printer paper and toner for the office.',
      messageId: '<receipts-once@shop.example.com>',
      attachments: [
        { filename: 'receipt.pdf', content: PDF_BYTES },
        { filename: 'photo.png', content: PNG_1X1 },
      ],
    };
    const info = await send(message);
    expect(info.accepted).toEqual([addresses.address]);
    await send(message);
    const listed = await activeOf(cast, pk);
    expect(listed.map((r) => [r.file.name, r.source, r.note, r.uploaded_by.pk])).toEqual([
      ['receipt.pdf', 'EMAIL', 'Printer paper and toner for the office.', cast.clientUser.userId],
      ['photo.png', 'EMAIL', 'Printer paper and toner for the office.', cast.clientUser.userId],
    ]);
    expect((await cast.client.get(`accounting/client/company/${pk}/receipts/list/`)).json().count).toBe(2);
  });

  it('bounces an unknown token, an address naming a company that is not the owner’s, and an oversized message, with nothing filed', async () => {
    const { cast, pk, addresses } = await setup();
    const other = await setup();
    await expect(send({ from: 'a@example.com', to: 'receipts+0000000000000000000000000000000000000000@inbound.herd.test', text: 'x' })).rejects.toThrow(
      /not one Herd gave out/,
    );
    const foreignCompany = addresses.address.replace('@', `-${other.pk}@`);
    await expect(send({ from: 'a@example.com', to: foreignCompany, attachments: [{ filename: 'r.pdf', content: PDF_BYTES }] })).rejects.toThrow(
      /names a company its owner does not belong to/,
    );
    const big = { filename: 'big.pdf', content: Buffer.concat([PDF_BYTES, Buffer.alloc(3 * 1024 * 1024, 7)]) };
    await expect(send({ from: 'a@example.com', to: addresses.address, attachments: [big] })).rejects.toMatchObject({ responseCode: 552 });
    expect(await activeOf(cast, pk)).toEqual([]);
    expect(await activeOf(other.cast, other.pk)).toEqual([]);
  });

  it('through the webhook: an empty or lying attachment refuses the whole message, and nothing half-written remains', async () => {
    const { cast, pk, addresses } = await setup();
    const withBadFiles = await composeMime({
      from: 'cleo@example.com',
      to: addresses.address,
      text: 'Two receipts',
      attachments: [
        { filename: 'good.pdf', content: PDF_BYTES },
        { filename: 'empty.jpg', content: Buffer.alloc(0) },
        { filename: 'fake.pdf', content: PNG_1X1 },
      ],
    });
    const res = await postInbound(t, withBadFiles);
    expect(res.statusCode).toBe(200);
    expect(res.json().deliveries).toEqual([
      {
        recipient: addresses.address,
        outcome: 'refused',
        reason: 'Nothing was filed: empty.jpg is empty. fake.pdf is not what its name says: its contents are not a .pdf file.',
      },
    ]);
    const noAttachment = await postInbound(t, await composeMime({ from: 'cleo@example.com', to: addresses.address, text: 'forgot it' }));
    expect(noAttachment.json().deliveries[0].reason).toMatch(/no attachment to keep as a receipt/);
    expect(await activeOf(cast, pk)).toEqual([]);
    expect(await t.db.select().from(files).where(eq(files.clientCompanyId, pk))).toEqual([]);

    const good = await postInbound(
      t,
      await composeMime({ from: 'cleo@example.com', to: addresses.companies[0].address, attachments: [{ filename: 'ok.pdf', content: PDF_BYTES }] }),
    );
    expect(good.json().deliveries[0].outcome).toBe('accepted');
    expect((await activeOf(cast, pk)).map((r) => r.file.name)).toEqual(['ok.pdf']);
  });
});
