import { describe, expect, it } from 'vitest';
import { replyTextOf } from './reply-text.rule.js';
import { signReplyToken, verifyReplyToken } from '../../../mail/reply-token.js';

/** Replies as the common mail programs write them: what the client typed, then what they answered. */
const REPLIES: [string, string, string][] = [
  ['Gmail', 'Lunch with Acme.\n\nOn Tue, Nov 24, 2026 at 10:02 AM Ada Accountant <no-reply@herd.test> wrote:\n> Which client?\n> Thanks', 'Lunch with Acme.'],
  ['Gmail, the quote header wrapped', 'Rent for May.\n\nOn Tue, Nov 24, 2026 at 10:02 AM Ada Accountant <\nno-reply@herd.test> wrote:\n> What is this?', 'Rent for May.'],
  [
    'Apple Mail on an iPhone',
    'Yes, that is the van.\n\nSent from my iPhone\n\n> On Nov 24, 2026, at 10:02, Ada <no-reply@herd.test> wrote:\n>\n> Which vehicle?',
    'Yes, that is the van.',
  ],
  [
    'Outlook',
    'Fuel for the van.\r\n\r\n________________________________\r\nFrom: Ada Accountant <reply+abc@inbound.localhost>\r\nSent: Tuesday, November 24, 2026 10:02 AM\r\nTo: Cleo <cleo@example.com>\r\nSubject: Question\r\n\r\nWhat is this?',
    'Fuel for the van.',
  ],
  ['Outlook, original message', 'Fuel.\n\n-----Original Message-----\nFrom: Ada\nSent: Tuesday\nTo: Cleo\nSubject: Q\n\nWhat?', 'Fuel.'],
  ['Outlook HTML, its rule as text', 'Team offsite.\n\n--------------------------------\nFrom: Ada Accountant\nSent: Tuesday\n\nWhich client?', 'Team offsite.'],
  ['a "-- " signature', 'Office chairs, two of them.\n\n-- \nCleo Client\nClient Co\n555-0100', 'Office chairs, two of them.'],
  ['Thunderbird', 'Printer paper.\n\nOn 24/11/2026 10:02, Ada Accountant wrote:\n> What was it?', 'Printer paper.'],
  ['French Gmail', 'Le repas avec Acme.\n\nLe mar. 24 nov. 2026 à 10:02, Ada <no-reply@herd.test> a écrit :\n> Question', 'Le repas avec Acme.'],
  [
    'several paragraphs kept',
    'First, the hotel.\n\nThen the taxi to the airport.\n\nOn Tue, Nov 24, 2026, Ada wrote:\n> ?',
    'First, the hotel.\n\nThen the taxi to the airport.',
  ],
  ['nothing but the quote', '\n\nOn Tue, Nov 24, 2026 at 10:02 AM Ada <no-reply@herd.test> wrote:\n> Which client?', ''],
];

describe('the reply’s own words', () => {
  it.each(REPLIES)('%s', (_program, body, expected) => {
    expect(replyTextOf(body)).toBe(expected);
  });
});

describe('reply tokens', () => {
  const grant = { target: { kind: 'transaction' as const, pk: 2_147_483_647 }, userPk: 12, expiresAt: new Date('2030-01-01T00:00:00Z') };

  it('carry their grant, whatever case a mail system gives the address', () => {
    const token = signReplyToken('key', grant);
    expect(token).toMatch(/^[a-z2-7]{48}$/);
    expect(verifyReplyToken('key', token.toUpperCase(), new Date('2029-01-01'))).toEqual({ ok: true, grant });
  });

  it('are refused when changed, signed with another key, malformed or past their date', () => {
    const token = signReplyToken('key', grant);
    const changed = `${token.slice(0, 10)}${token[10] === 'a' ? 'b' : 'a'}${token.slice(11)}`;
    expect(verifyReplyToken('key', changed, new Date('2029-01-01'))).toEqual({ ok: false, why: 'forged' });
    expect(verifyReplyToken('other key', token, new Date('2029-01-01'))).toEqual({ ok: false, why: 'forged' });
    expect(verifyReplyToken('key', 'not-a-token!', new Date('2029-01-01'))).toEqual({ ok: false, why: 'forged' });
    expect(verifyReplyToken('key', token.slice(0, 40), new Date('2029-01-01'))).toEqual({ ok: false, why: 'forged' });
    expect(verifyReplyToken('key', token, new Date('2030-01-02'))).toEqual({ ok: false, why: 'expired' });
  });
});
