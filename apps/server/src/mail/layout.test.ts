import { describe, expect, it } from 'vitest';
import { DEFAULT_MAIN_COLOR } from '@herd/contract';
import { renderEmail } from './layout.js';
import { magicLinkEmail, noteEmail } from './templates.js';

describe('renderEmail', () => {
  const content = magicLinkEmail({ firstName: 'Sam', url: 'https://herd.example/auth/?magic=abc&x=1', firmName: 'Acme <Books>' });

  it('brands the HTML with the firm name and colour, and keeps a plain-text twin with the link', async () => {
    const mail = await renderEmail({ firmName: 'Acme <Books>', mainColor: '#123abc' }, content);
    expect(mail.subject).toBe('Your sign-in link');
    expect(mail.html).toMatch(/^<!DOCTYPE html/);
    expect(mail.html).toContain('background-color:#123abc');
    expect(mail.html).toContain('Acme &lt;Books&gt;');
    expect(mail.html).not.toContain('Acme <Books>');
    expect(mail.html).toContain('href="https://herd.example/auth/?magic=abc&amp;x=1"');
    expect(mail.text).toContain('Sign in: https://herd.example/auth/?magic=abc&x=1');
    expect(mail.text).toContain('— Acme <Books>, via Herd');
  });

  it('falls back to the default colour when the firm has none, or an unsafe one', async () => {
    expect((await renderEmail({ firmName: null, mainColor: null }, content)).html).toContain(`background-color:${DEFAULT_MAIN_COLOR}`);
    const hostile = await renderEmail({ firmName: 'X', mainColor: 'red;background:url(https://evil)' }, content);
    expect(hostile.html).not.toContain('evil');
    expect(hostile.html).toContain(`background-color:${DEFAULT_MAIN_COLOR}`);
  });

  it('escapes what people typed: names and notes never become markup', async () => {
    const note = noteEmail({
      firstName: '<img src=x onerror=alert(1)>',
      authorName: 'Eve "the" <b>Bold</b>',
      companyName: 'Bakery & Sons',
      about: 'a <script>',
      body: '</p><script>alert("x")</script>',
      url: 'https://herd.example/x',
      signsIn: false,
    });
    const mail = await renderEmail({ firmName: 'Acme', mainColor: null }, note);
    expect(mail.html).not.toMatch(/<script|<img|<b>/);
    expect(mail.html).toContain('Hi &lt;img src=x onerror=alert(1)&gt;,');
    expect(mail.html).toContain('&lt;/p&gt;&lt;script&gt;');
    expect(mail.html).toContain('Bakery &amp; Sons');
    // The plain-text part is text: it keeps what was typed as it was.
    expect(mail.text).toContain('</p><script>alert("x")</script>');
  });
});
