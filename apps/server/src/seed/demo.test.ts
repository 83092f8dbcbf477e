import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../test/client.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { DEMO, countUsers, decideDemoSeed, seedDemo } from './demo.js';
import { HISTORY_MONTHS, HISTORY_PER_MONTH } from './demo-history.js';

const HISTORY = HISTORY_MONTHS * HISTORY_PER_MONTH;

/** Every row of a paged list. */
const everyPage = async (client: TestClient, path: string) => {
  const rows: { status: string; attachments: { url: string }[]; subtype: string }[] = [];
  for (let page = 1; ; page += 1) {
    const answer = (await client.get(`${path}?page_size=100&page=${page}`)).json() as { results: typeof rows; next: string | null };
    rows.push(...answer.results);
    if (!answer.next) return rows;
  }
};

const embedded = { externalDb: false, production: false };
const external = { externalDb: true, production: false };
const production = { externalDb: false, production: true };

describe('decideDemoSeed', () => {
  it('seeds an empty embedded database unless turned off', () => {
    expect(decideDemoSeed('auto', embedded, 0)).toBe('seed');
    expect(decideDemoSeed('off', embedded, 0)).toBe('skip-disabled');
  });
  it('never seeds a database that has users', () => {
    expect(decideDemoSeed('auto', embedded, 3)).toBe('skip-not-empty');
    expect(decideDemoSeed('on', external, 3)).toBe('skip-not-empty');
  });
  it('seeds an external PostgreSQL only with DEMO_DATA=on', () => {
    expect(decideDemoSeed('auto', external, 0)).toBe('skip-external-db');
    expect(decideDemoSeed('on', external, 0)).toBe('seed');
  });
  it('seeds nothing on a production start, even an empty embedded database, unless DEMO_DATA=on', () => {
    expect(decideDemoSeed('auto', production, 0)).toBe('skip-production');
    expect(decideDemoSeed('auto', { externalDb: true, production: true }, 0)).toBe('skip-production');
    expect(decideDemoSeed('on', production, 0)).toBe('seed');
  });
});

describe('seedDemo', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo(t.db, t.app.deps.storage, t.app.deps.jobs);
    await t.runJobs();
  });
  afterAll(async () => t?.close());

  it('creates the demo accountant, who signs in to Demo Bookkeeping as FIRM_ADMIN', async () => {
    const res = await new TestClient(t.app).post('users/login/', { email: DEMO.accountantEmail, password: DEMO.password });
    expect(res.statusCode).toBe(200);
    expect(res.json().accountant_company_user).toMatchObject({ role: 'FIRM_ADMIN', company: { company_name: 'Demo Bookkeeping' } });
    // The demo has every feature on, whatever the deployment's defaults (the test app's are none).
    expect(res.json().feature_flags).toEqual(['FEATURE_TRANSACTION_ANALYTICS']);
  });

  it('gives the demo firm the three request templates every firm starts with', async () => {
    const accountant = new TestClient(t.app, '10.9.9.11');
    await accountant.post('users/login/', { email: DEMO.accountantEmail, password: DEMO.password });
    const templates = (await accountant.get('accounting/request-templates/list/')).json();
    expect(templates.map((x: { name: string }) => x.name)).toEqual(['Monthly bank statements', 'W-9 for new vendor', 'Year-end checklist']);
  });

  it('creates the demo client of a company of that firm', async () => {
    const res = await new TestClient(t.app, '10.9.9.9').post('users/login/', { email: DEMO.clientEmail, password: DEMO.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ account_type: 'CLIENT', client_firm: { company_name: 'Demo Bookkeeping' } });
    expect(await countUsers(t.db)).toBe(2);
  });

  it('gives the demo client company a month of transactions in every state, with notes and a receipt', async () => {
    const accountant = new TestClient(t.app, '10.9.9.10');
    await accountant.post('users/login/', { email: DEMO.accountantEmail, password: DEMO.password });
    const companies = (await accountant.get('accounting/accountant/client-companies/list/')).json().results;
    expect(companies.map((c: { name: string; connection_kind: string }) => [c.name, c.connection_kind])).toEqual([
      ['Maple Street Dental', 'CSV'],
      ['Sunrise Bakery LLC', 'GENERIC'],
    ]);
    const bakery = companies[1].pk;
    const counters = (await accountant.get(`accounting/accountant/client-company/${bakery}/counters/`)).json();
    // The month's questions, and the year of ordinary months before it, all published.
    expect(counters).toEqual({ active: 14, categorized: 16 + HISTORY, hidden: 1, sync_errors: 1, completed: 16 + HISTORY, processing: 0 });
    const categorized = await everyPage(accountant, `accounting/accountant/client-company/${bakery}/transactions/categorized-list/`);
    expect(categorized).toHaveLength(16 + HISTORY);
    const statuses = new Set(categorized.map((r: { status: string }) => r.status));
    expect([...statuses].sort()).toEqual(['FINISHED_IN_HERD', 'MATCHED_TO_PLATFORM', 'PUBLISHED_IN_PLATFORM', 'SYNC_ERROR']);
    const withReceipt = categorized.find((r: { attachments: unknown[] }) => r.attachments.length > 0);
    const file = await accountant.get(withReceipt!.attachments[0]!.url);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const active = (await accountant.get(`accounting/accountant/client-company/${bakery}/transactions/list/?page_size=20`)).json().results;
    const subtypes = new Set([...active, ...categorized].map((r: { subtype: string }) => r.subtype));
    for (const s of ['PURCHASE', 'CREDIT_CARD_CHARGE', 'CREDIT_CARD_CREDIT', 'VENDOR_CREDIT', 'BILL', 'JOURNAL_ENTRY', 'DEPOSIT', 'SALES_RECEIPT']) {
      expect(subtypes.has(s), s).toBe(true);
    }
    expect(active.some((r: { notes_count: number }) => r.notes_count > 0)).toBe(true);
    const perCompany = (await accountant.get('accounting/accountant/client-companies/transactions/count/')).json();
    expect(perCompany).toEqual([{ client_company: bakery, waiting_for_client: 13, to_review: 3, sync_errors: 1, open_receipts: 0, open_requests: 0 }]);
    const client = new TestClient(t.app, '10.9.9.11');
    await client.post('users/login/', { email: DEMO.clientEmail, password: DEMO.password });
    expect((await client.get('accounting/accountant/client-companies/transactions/count/')).statusCode).toBe(403);
  });

  it('opens the demo client’s inbox with suggestions learned from the summer’s answers', async () => {
    const client = new TestClient(t.app, '10.9.9.12');
    await client.post('users/login/', { email: DEMO.clientEmail, password: DEMO.password });
    const bakery = (await client.get('accounting/client/companies/list/')).json()[0]?.pk;
    const open = (await client.get(`accounting/client/company/${bakery}/transactions/list/?page_size=50`)).json().results as {
      payee: string;
      suggestion: { category: { name: string }; why: string } | null;
    }[];
    const suggested = open.filter((r) => r.suggestion).map((r) => [r.payee, r.suggestion!.category.name]);
    expect(suggested.sort()).toEqual([
      ['Blue Bottle Coffee', 'Meals & Entertainment'],
      ['Costco Wholesale', 'Ingredients'],
      ['Facebook Ads', 'Advertising & Marketing'],
      ['Facebook Ads', 'Advertising & Marketing'],
    ]);
    expect(open.find((r) => r.payee === 'Costco Wholesale')!.suggestion!.why).toBe('You chose Ingredients for Costco Wholesale 3 times, last on Sep 4');
  });

  it('gives the firm a year of history, so its analytics show every month answered and published', async () => {
    const accountant = new TestClient(t.app, '10.9.9.13');
    await accountant.post('users/login/', { email: DEMO.accountantEmail, password: DEMO.password });
    const months = (await accountant.get('client-company/transactions-analytics-per-month/')).json().months as { answered: number; published: number }[];
    expect(months).toHaveLength(12);
    // The eleven months before this one each have the bakery's regulars answered and published (this month has the open questions).
    for (const month of months.slice(0, 11)) {
      expect(month.answered).toBeGreaterThanOrEqual(HISTORY_PER_MONTH - 2);
      expect(month.published).toBeGreaterThanOrEqual(HISTORY_PER_MONTH - 2);
    }
    const summary = (await accountant.get('analytics/')).json();
    expect(summary.answered_in_range).toBeGreaterThan(HISTORY - 2 * HISTORY_PER_MONTH);
    // Answers took days, not the seconds a seed would otherwise record.
    expect(summary.median_response_seconds).toBeGreaterThan(86_400);
  });
});
