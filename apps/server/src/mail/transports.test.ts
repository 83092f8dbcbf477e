import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { outboxTransport } from './transports.js';

const mail = {
  to: 'avery@example.com',
  subject: 'Your sign-in link',
  text: 'Sign in: https://herd.example.com/auth/?magic=s3cr3t-c0de&next=%2F and unsubscribe at https://herd.example.com/u/abc',
  html: '',
  template: 'magic_link',
};

/** What the transport printed: each call's object and message. */
const recordingLog = () => {
  const lines: { obj: Record<string, unknown>; msg: string }[] = [];
  // A stand-in with the one method the transport calls, hence the cast.
  const log = { info: (obj: Record<string, unknown>, msg: string) => lines.push({ obj, msg }) } as unknown as FastifyBaseLogger;
  return { log, lines };
};

describe('the outbox transport (no SMTP server)', () => {
  it('prints the links whole for a developer to follow', async () => {
    const { log, lines } = recordingLog();
    await outboxTransport(log, { secretLinks: true }).deliver(mail);
    expect(lines).toEqual([
      {
        obj: { to: mail.to, subject: mail.subject, links: ['https://herd.example.com/auth/?magic=s3cr3t-c0de&next=%2F', 'https://herd.example.com/u/abc'] },
        msg: 'email (outbox)',
      },
    ]);
  });

  it('never prints a secret code in production, where the log is no mailbox, and says the email did not leave', async () => {
    const { log, lines } = recordingLog();
    await outboxTransport(log, { secretLinks: false }).deliver(mail);
    expect(JSON.stringify(lines)).not.toContain('s3cr3t-c0de');
    expect(lines[0]!.obj.links).toEqual(['https://herd.example.com/auth/?magic=…&next=%2F', 'https://herd.example.com/u/abc']);
    expect(lines[0]!.msg).toBe('email not sent (no SMTP_URL): kept in the outbox');
  });
});
