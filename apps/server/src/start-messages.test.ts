import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { NO_EMAIL_WARNING, SANDBOXES_ON_WARNING, startMessages } from './start-messages.js';

const configOf = (env: NodeJS.ProcessEnv) => loadConfig({ DATA_DIR: path.join(mkdtempSync(path.join(tmpdir(), 'herd-start-')), 'data'), ...env });

describe('what a start tells the operator about its configuration', () => {
  it('warns a production start without SMTP_URL that no email leaves, what that stops, and how to make the first admin', () => {
    const messages = startMessages(configOf({ NODE_ENV: 'production' }));
    expect(messages).toContainEqual({ level: 'warn', text: NO_EMAIL_WARNING });
    for (const words of ['SMTP_URL', 'sign-up confirmation', 'password reset', 'invitation', 'reminder', 'npm run create-admin'])
      expect(NO_EMAIL_WARNING).toContain(words);
    // The providers left off are named with their settings, in the log rather than on anyone's screen.
    expect(messages).toContainEqual({
      level: 'info',
      text: 'Not set up, so not offered in the web app: QuickBooks Online (QBO_CLIENT_ID, QBO_CLIENT_SECRET); Xero (XERO_CLIENT_ID, XERO_CLIENT_SECRET); texts (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM).',
    });
  });

  it('says nothing of email once SMTP_URL is set, and warns of sandboxes turned on', () => {
    const messages = startMessages(configOf({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.com:587', SANDBOXES: 'on' }));
    expect(messages.map((m) => m.text)).toEqual([SANDBOXES_ON_WARNING]);
  });

  it('says nothing in development, where the outbox and the sandboxes stand in', () => {
    expect(startMessages(configOf({}))).toEqual([]);
  });
});
