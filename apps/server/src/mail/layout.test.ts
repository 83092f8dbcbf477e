import { describe, expect, it } from 'vitest';
import { DEFAULT_MAIN_COLOR } from '@herd/contract';
import { renderEmail } from './layout.js';
import { magicLinkEmail } from './templates.js';

describe('renderEmail', () => {
  const content = magicLinkEmail({ firstName: 'Sam', url: 'https://herd.example/auth/?magic=abc', firmName: 'Acme <Books>' });

  it('brands the HTML with the firm name and colour, and keeps a plain-text twin with the link', () => {
    const mail = renderEmail({ firmName: 'Acme <Books>', mainColor: '#123abc' }, content);
    expect(mail.subject).toBe('Your sign-in link');
    expect(mail.html).toContain('background:#123abc');
    expect(mail.html).toContain('Acme &lt;Books&gt;');
    expect(mail.html).not.toContain('Acme <Books>');
    expect(mail.html).toContain('href="https://herd.example/auth/?magic=abc"');
    expect(mail.text).toContain('Sign in: https://herd.example/auth/?magic=abc');
    expect(mail.text).toContain('— Acme <Books>, via Herd');
  });

  it('falls back to the default colour when the firm has none, or an unsafe one', () => {
    expect(renderEmail({ firmName: null, mainColor: null }, content).html).toContain(`background:${DEFAULT_MAIN_COLOR}`);
    const hostile = renderEmail({ firmName: 'X', mainColor: 'red;background:url(https://evil)' }, content);
    expect(hostile.html).not.toContain('evil');
    expect(hostile.html).toContain(`background:${DEFAULT_MAIN_COLOR}`);
  });
});
