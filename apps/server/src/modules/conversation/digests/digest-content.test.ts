import { describe, expect, it } from 'vitest';
import { digestEmail, hasNews, LISTED_COMPANIES, sectionOf, type CompanyDigest } from './digest.content.js';

const APP = 'https://herd.example';
const company = (pk: number, part: Partial<CompanyDigest> = {}): CompanyDigest => ({ pk, name: `Client ${pk}`, counts: {}, lines: {}, needsReauth: false, ...part });

describe('the digest email’s content', () => {
  it('has news only when a client did something or something waits', () => {
    expect(hasNews(company(1))).toBe(false);
    expect(hasNews(company(1, { counts: { answered: 0 } }))).toBe(false);
    expect(hasNews(company(1, { counts: { receipts_arrived: 1 } }))).toBe(true);
    expect(hasNews(company(1, { needsReauth: true }))).toBe(true);
    expect(hasNews(company(1, { lines: { note: { total: 1, items: [{ who: 'Pat', line: 'Hi' }] } } }))).toBe(true);
  });

  it('names the first lines of a kind and counts the rest; a long note is cut', () => {
    const section = sectionOf(
      APP,
      company(7, {
        counts: { receipts_arrived: 2, receipts_matched: 1 },
        lines: {
          request_created: {
            total: 5,
            items: [
              { who: '', line: 'A' },
              { who: '', line: 'B' },
              { who: '', line: 'C' },
            ],
          },
          note: { total: 4, items: [{ who: '', line: `${'x'.repeat(250)}\n\nend` }] },
        },
      }),
    );
    expect(section.lines).toEqual([
      'Sent you “A”, “B”, “C” and 2 more',
      'Receipts: 2 receipts sent, 1 receipt matched',
      `Note from the client: “${'x'.repeat(200)}…”`,
      '…and 3 more notes',
    ]);
  });

  it('links each client to where its news is dealt with', () => {
    const link = (part: Partial<CompanyDigest>) => sectionOf(APP, company(9, part)).link!.url;
    expect(link({ counts: { to_review: 1, awaiting_acceptance: 1 } })).toBe(`${APP}/dashboard/accountant/categorized/9/`);
    expect(link({ counts: { awaiting_acceptance: 1, receipts_arrived: 1 } })).toBe(`${APP}/dashboard/accountant/requests/9/`);
    expect(link({ counts: { receipts_matched: 1 } })).toBe(`${APP}/dashboard/accountant/receipts/9/`);
    expect(link({ needsReauth: true })).toBe(`${APP}/dashboard/accountant/clients/`);
  });

  it('shows the first clients in full and counts the rest', () => {
    const many = Array.from({ length: LISTED_COMPANIES + 3 }, (_, i) => company(i + 1, { counts: { answered: 1 } }));
    const email = digestEmail({ firstName: '', appUrl: APP, companies: many, firstDigest: true });
    expect(email.subject).toBe(`Your daily digest: ${LISTED_COMPANIES + 3} clients with news`);
    expect(email.heading).toBe('Hi there,');
    expect(email.paragraphs[0]).toContain('in the last 24 hours');
    expect(email.sections).toHaveLength(LISTED_COMPANIES);
    expect(email.footnote).toBe('…and 3 more clients with news: your dashboard lists them.');
  });
});
