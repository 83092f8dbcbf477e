import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../test/client.js';
import { createFirm, lastEmailTo } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { smtpTransport } from './smtp-transport.js';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A local SMTP server that keeps what it receives. */
const startSmtpServer = async () => {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { server, port, received };
};

describe('SMTP delivery', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({}, smtpTransport(`smtp://127.0.0.1:${smtp.port}`, 'Herd <no-reply@herd.test>'));
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => smtp?.server.close(() => resolve()));
  });

  it('delivers a magic link by SMTP with HTML and plain-text parts, and records it in the outbox', async () => {
    const firm = await createFirm(t.db);
    const res = await new TestClient(t.app).post('login/send-magic-link/', { email: firm.adminEmail });
    expect(res.statusCode).toBe(200);
    await t.runJobs();
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.from).toBe('no-reply@herd.test');
    expect(mail.to).toEqual([firm.adminEmail]);
    expect(mail.raw).toMatch(/Subject: Your sign-in link/);
    expect(mail.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail.raw).toMatch(/Content-Type: text\/html/);
    const row = await lastEmailTo(t.db, firm.adminEmail);
    expect(row).toMatchObject({ transport: 'smtp', error: null });
    expect(row!.sentAt).not.toBeNull();
  });

  it('records a delivery failure on the outbox row without failing the request', async () => {
    const broken = await createTestApp({}, smtpTransport('smtp://127.0.0.1:1', 'Herd <no-reply@herd.test>'));
    try {
      const firm = await createFirm(broken.db);
      const res = await new TestClient(broken.app).post('login/send-magic-link/', { email: firm.adminEmail });
      expect(res.statusCode).toBe(200);
      await broken.runJobs();
      const row = await lastEmailTo(broken.db, firm.adminEmail);
      expect(row!.sentAt).toBeNull();
      expect(row!.error).toMatch(/ECONNREFUSED|connect/i);
    } finally {
      await broken.close();
    }
  });
});
