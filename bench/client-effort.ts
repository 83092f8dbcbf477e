/**
 * The client-effort part of `npm run bench` (`--only=client-effort`): how many
 * keys a client presses to answer 20 transactions, and how long it takes, in
 * Chromium driven by the keyboard alone from the emailed link.
 *
 * Set-up, through the app's own API on a fresh embedded database with the
 * demo firm: the demo client's open transactions are answered by the
 * accountant (so the inbox holds only this run's), ten merchants get three
 * consistent answers each in the summer, then 20 new transactions arrive
 * through the generic ledger API: one of each of those ten merchants (Herd
 * suggests their category) and one of ten merchants nobody answered before.
 * The accountant sends the client the reminder email; its sign-in link opens
 * the inbox. A second round of 20 (same merchants, a month later) measures a
 * second window size: the ten answered once by the client are still not
 * suggested (one answer is not enough), the ten others still are.
 *
 * How the client answers, keys only (page.keyboard; no click, tap or fill):
 * Enter opens the transaction under the cursor; with a suggestion, Enter
 * accepts it; without one, the client picks the category by typing its first
 * three letters, Enter to take the match and Enter again to mark it done.
 * Every key press the script makes is counted, typed letters included; a
 * chord (none is needed) would count each of its keys.
 */
import os from 'node:os';
import { chromium, request, type Browser, type Page } from '@playwright/test';
import {
  API_PREFIX,
  authEndpoints,
  clientCompanyEndpoints,
  genericEndpoints,
  refEndpoints,
  testingEndpoints,
  transactionEndpoints,
  type Endpoint,
  type ResponseOf,
} from '@herd/contract';
import { DEMO } from '../apps/server/src/seed/demo.js';
import { BENCH_CHROMIUM, startBuiltApp } from './app-server.js';
import { demoLedgerIngestBody, type PushedCharge } from '../e2e/generic-ingest.js';

const PORT = Number(process.env.BENCH_EFFORT_PORT || 3191);
const base = `http://localhost:${PORT}`;

/** Merchants the client's company answered three times each: Herd suggests their category. */
const KNOWN: [string, string][] = [
  ['Golden Mill Flour', 'Ingredients'],
  ['Riverside Dairy', 'Ingredients'],
  ['Paper Trail Stationers', 'Office Supplies'],
  ['Crate and Carton', 'Packaging'],
  ['Bright Spark Electric', 'Utilities'],
  ['Cloud Ledger Apps', 'Software Subscriptions'],
  ['Lakeside Landlord', 'Rent'],
  ['Oven Doctor', 'Equipment Repairs'],
  ['Sunny Radio Ads', 'Advertising & Marketing'],
  ['Corner Diner', 'Meals & Entertainment'],
];
/** Merchants nobody answered: the client picks the category by typing its first three letters. */
const UNKNOWN: [string, string][] = [
  ['Harbor Hardware', 'Equipment Repairs'],
  ['Quick Copy Center', 'Office Supplies'],
  ['Twine and Ribbon', 'Packaging'],
  ['Storage Lockers', 'Rent'],
  ['Water District', 'Utilities'],
  ['Granite Bank Charges', 'Bank Fees'],
  ['Market Bistro', 'Meals & Entertainment'],
  ['Flyer Press', 'Advertising & Marketing'],
  ['Scheduling Tool', 'Software Subscriptions'],
  ['Sugar Wholesale', 'Ingredients'],
];
const LETTERS = 3;
const categoryOf = new Map([...KNOWN, ...UNKNOWN]);

export interface EffortRun {
  window: string;
  viewport: { width: number; height: number };
  suggested: { transactions: number; keys: number };
  unsuggested: { transactions: number; keys: number };
  /** From the first key press to the 20th transaction leaving the list. */
  seconds: number;
  /** From opening the emailed link to the inbox on screen. */
  linkSeconds: number;
}

export interface EffortResult {
  runs: EffortRun[];
  chromium: string;
  cpus: number;
  /** One-minute load average of the machine before and after the walks (other work shares the cores). */
  loadAverage: { before: number; after: number };
}

/** The app's API as one signed-in person, through Playwright's request context (it keeps the cookies). */
const apiAs = async (email: string) => {
  const http = await request.newContext({ baseURL: base });
  await http.get(`${API_PREFIX}/healthcheck/`);
  const csrf = async () => (await http.storageState()).cookies.find((c) => c.name === 'csrftoken')?.value ?? '';
  const call = async <E extends Endpoint>(
    endpoint: E,
    input: { params?: Record<string, string | number>; query?: Record<string, string | number>; body?: unknown } = {},
  ): Promise<ResponseOf<E>> => {
    const path = endpoint.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(String(input.params?.[name])));
    const query = new URLSearchParams(Object.entries(input.query ?? {}).map(([k, v]) => [k, String(v)])).toString();
    const url = `${API_PREFIX}/${path}${query ? `?${query}` : ''}`;
    const response = await http.fetch(url, { method: endpoint.method, data: input.body, headers: { 'X-CSRFToken': await csrf() } });
    if (!response.ok()) throw new Error(`${endpoint.method} ${url}: ${response.status()} ${await response.text()}`);
    return (response.status() === 204 ? undefined : await response.json()) as ResponseOf<E>;
  };
  await call(authEndpoints.login, { body: { email, password: DEMO.password } });
  return { call, http };
};
type Api = Awaited<ReturnType<typeof apiAs>>;

const until = async <T>(what: string, probe: () => Promise<T | null>, seconds = 120): Promise<T> => {
  for (let waited = 0; waited < seconds * 4; waited++) {
    const found = await probe();
    if (found !== null) return found;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
};

/** Transactions as the bank's other system pushes them (the generic ledger API, with a bearer token). */
const push = async (api: Api, token: string, rows: PushedCharge[]) => {
  const response = await api.http.post(`${API_PREFIX}/${genericEndpoints.ingestTransactions.path}`, {
    headers: { Authorization: `Bearer ${token}` },
    data: demoLedgerIngestBody(rows),
  });
  if (!response.ok()) throw new Error(`ingest: ${response.status()} ${await response.text()}`);
};

const openList = (api: Api, companyPk: number) => api.call(transactionEndpoints.clientActive, { params: { pk: companyPk }, query: { page_size: 100 } });

/** The demo firm's bakery, emptied of open transactions and given the summer's answers of the known merchants. */
const prepare = async (accountant: Api) => {
  const companies = await accountant.call(clientCompanyEndpoints.list, { query: { search: DEMO.clientCompanyName } });
  const companyPk = companies.results.find((c) => c.name === DEMO.clientCompanyName)!.pk;
  const categories = await accountant.call(refEndpoints.accountantCategories, { params: { pk: companyPk } });
  const categoryPk = (name: string) => categories.find((c) => c.name === name)!.pk;
  const { token } = await accountant.call(genericEndpoints.createToken, { params: { pk: companyPk }, body: { name: 'Client effort bench' } });
  if (!token) throw new Error('the new API token was not shown');

  // The demo's own questions are answered by the accountant, through the same write as any answer.
  const answerAll = async (pickCategory: (t: { payee: string; direction: string }) => number) => {
    const open = await openList(accountant, companyPk);
    if (open.results.length === 0) return;
    await accountant.call(transactionEndpoints.accountantUpdate, {
      params: { pk: companyPk },
      body: { transactions: open.results.map((t) => ({ pk: t.pk, lines: [{ amount: t.amount, category: pickCategory(t) }], finished: true })) },
    });
  };
  await answerAll((t) => categoryPk(t.direction === 'SALES' ? 'Sales' : 'Office Supplies'));
  await push(
    accountant,
    token,
    KNOWN.flatMap(([payee], m) => [7, 8, 9].map((month) => ({ id: `history-${m}-${month}`, payee, date: `2026-0${month}-1${m % 10}`, amount: `${20 + m}.00` }))),
  );
  await answerAll((t) => categoryPk(categoryOf.get(t.payee)!));
  return { companyPk, token };
};

/** One round's 20 new questions, and the wait for the suggestion job to have seen them. */
const arrive = async (accountant: Api, companyPk: number, token: string, round: number) => {
  const date = round === 1 ? '2026-10-27' : '2026-11-24';
  await push(
    accountant,
    token,
    [...KNOWN, ...UNKNOWN].map(([payee], i) => ({ id: `round-${round}-${i}`, payee, date, amount: `${(40 + i + round / 10).toFixed(2)}` })),
  );
  return until('the suggestions of the new transactions', async () => {
    const open = await openList(accountant, companyPk);
    const suggested = open.results.filter((t) => t.suggestion !== null).length;
    return open.results.length === 20 && suggested === KNOWN.length ? open.results : null;
  });
};

/** The sign-in link of the reminder the accountant just sent, read from the outbox as from an inbox. */
const emailedLink = async (accountant: Api, companyPk: number) => {
  const before = await accountant.http.get(`${API_PREFIX}/${testingEndpoints.outbox.path}?to=${encodeURIComponent(DEMO.clientEmail)}`);
  const previous = before.ok() ? ((await before.json()) as { text: string }).text : '';
  await accountant.call(clientCompanyEndpoints.sendNotification, { body: { client_company: companyPk } });
  return until('the reminder email', async () => {
    const response = await accountant.http.get(`${API_PREFIX}/${testingEndpoints.outbox.path}?to=${encodeURIComponent(DEMO.clientEmail)}`);
    if (!response.ok()) return null;
    const { text } = (await response.json()) as { text: string };
    if (text === previous) return null;
    return /(https?:\/\/\S+[?&]magic=[^\s"'<>)]+)/.exec(text)?.[1] ?? null;
  });
};

/** The walk: every key goes through `press`, which counts it. */
const walk = async (browser: Browser, link: string, window: string, viewport: { width: number; height: number }): Promise<EffortRun> => {
  const context = await browser.newContext({ viewport });
  const page: Page = await context.newPage();
  try {
    let keys = 0;
    const press = async (key: string) => {
      keys += key.split('+').length;
      await page.keyboard.press(key);
    };
    const linkStarted = performance.now();
    await page.goto(link);
    const rows = page.getByTestId('transaction-row');
    await rows.first().waitFor({ timeout: 60_000 });
    const linkSeconds = (performance.now() - linkStarted) / 1000;
    const editor = page.getByTestId('transaction-editor');
    const run = { suggested: { transactions: 0, keys: 0 }, unsuggested: { transactions: 0, keys: 0 } };
    const started = performance.now();
    for (let left = await rows.count(); left > 0; left--) {
      const keysBefore = keys;
      const current = page.locator('[data-testid="transaction-row"][aria-current="true"] strong').first();
      const payee = ((await current.textContent()) ?? '').trim();
      await press('Enter');
      await editor.waitFor();
      await editor.getByText(payee).first().waitFor();
      const suggested = (await editor.getByTestId('suggestion').count()) > 0;
      // The keyboard starts on Accept when there is a suggestion, in the category picker when not: checked, never moved by the script.
      const start = suggested ? editor.getByRole('button', { name: /Accept/ }) : editor.getByRole('combobox', { name: 'Category', exact: true });
      await until(
        `the keyboard on ${suggested ? 'Accept' : 'the category picker'} (${payee})`,
        async () => ((await start.evaluate((el) => el === document.activeElement)) ? true : null),
        10,
      );
      if (suggested) {
        await press('Enter');
      } else {
        const category = categoryOf.get(payee);
        if (!category) throw new Error(`no plan for ${payee}`);
        for (const letter of category.slice(0, LETTERS).toLowerCase()) await press(letter);
        // A person looks before pressing Enter: the match they want is the highlighted one.
        await page.locator('.ant-select-dropdown:visible .ant-select-item-option-active').filter({ hasText: category }).waitFor();
        await press('Enter');
        await editor.getByTestId('line-0').filter({ hasText: category }).waitFor();
        // …and sees the list close before the Enter that finishes (while it is open, Enter picks an option): the
        // picker says so itself (aria-expanded) a moment after the list's closing animation has hidden it.
        await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'hidden' });
        await until(
          `the category picker closed on its choice (${payee})`,
          async () => ((await start.evaluate((el) => el.getAttribute('aria-expanded') !== 'true' && el.closest('[data-chosen]') !== null)) ? true : null),
          10,
        );
        await press('Enter');
      }
      await editor.waitFor({ state: 'hidden' });
      await until('the answered transaction to leave the list', async () => ((await rows.count()) === left - 1 ? true : null), 30);
      const tally = suggested ? run.suggested : run.unsuggested;
      tally.transactions++;
      tally.keys += keys - keysBefore;
    }
    return { window, viewport, ...run, seconds: (performance.now() - started) / 1000, linkSeconds };
  } finally {
    await context.close();
  }
};

/** Every transaction of the round is done, with the planned category; the suggested ones are marked so. */
const check = async (accountant: Api, companyPk: number, round: number) => {
  const answered = await accountant.call(transactionEndpoints.accountantCategorized, { params: { pk: companyPk }, query: { page_size: 100 } });
  const date = round === 1 ? '2026-10-27' : '2026-11-24';
  const ours = answered.results.filter((t) => t.date === date);
  if (ours.length !== 20) throw new Error(`round ${round}: ${ours.length} of 20 answered`);
  for (const t of ours) {
    const category = t.lines[0]?.category?.name;
    if (category !== categoryOf.get(t.payee)) throw new Error(`round ${round}: ${t.payee} answered ${category}, not ${categoryOf.get(t.payee)}`);
    const known = KNOWN.some(([payee]) => payee === t.payee);
    if (t.answered_from_suggestion !== known) throw new Error(`round ${round}: ${t.payee} marked ${t.answered_from_suggestion}`);
  }
};

export const runClientEffortBench = async (): Promise<EffortResult> => {
  const loadBefore = os.loadavg()[0]!;
  const server = await startBuiltApp(PORT, { HERD_E2E_OUTBOX: '1' });
  const browser = await chromium.launch(BENCH_CHROMIUM);
  try {
    const accountant = await apiAs(DEMO.accountantEmail);
    const { companyPk, token } = await prepare(accountant);
    const runs: EffortRun[] = [];
    const windows: [string, { width: number; height: number }][] = [
      ['phone-sized window, 390×844', { width: 390, height: 844 }],
      ['desktop window, 1280×800', { width: 1280, height: 800 }],
    ];
    for (const [index, [window, viewport]] of windows.entries()) {
      const round = index + 1;
      await arrive(accountant, companyPk, token, round);
      const link = await emailedLink(accountant, companyPk);
      runs.push(await walk(browser, link, window, viewport));
      await check(accountant, companyPk, round);
    }
    return { runs, chromium: browser.version(), cpus: os.cpus().length, loadAverage: { before: loadBefore, after: os.loadavg()[0]! } };
  } finally {
    await browser.close();
    server.kill();
  }
};

const perTransaction = (t: { transactions: number; keys: number }) => (t.transactions === 0 ? '–' : (t.keys / t.transactions).toFixed(2));

export const renderClientEffortReport = (result: EffortResult): string =>
  [
    '<!-- client-effort:start -->',
    '## Client effort (keyboard only, from the emailed link)',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench -- --only=client-effort\` (bench/client-effort.ts): headless Chromium ${result.chromium}, no touch, on this machine (${result.cpus} cores) against the production build served by Herd on the embedded database, over loopback.`,
    'The demo client opens the sign-in link of the reminder their accountant sent and answers 20 transactions with page.keyboard only: Enter opens the one under the cursor;',
    `with a suggestion, Enter accepts it; without, the first ${LETTERS} letters of the category, Enter to take the match, Enter again to mark it done. Every key press is counted, typed letters included`,
    '(the first transaction’s Enter to open counts too). Targets: at most 2 keys with a suggestion, 6 without. Wall time runs from the first key to the 20th answer leaving the list;',
    'the script waits, as a person would look, for each screen to show what the next key needs (the editor, the highlighted match, the list without the answered row).',
    '',
    '| window | with a suggestion: transactions, keys each | without: transactions, keys each | wall time for the 20 | link to inbox on screen |',
    '|---|---|---|---|---|',
    ...result.runs.map(
      (r) =>
        `| ${r.window} | ${r.suggested.transactions}, ${perTransaction(r.suggested)} | ${r.unsuggested.transactions}, ${perTransaction(r.unsuggested)} | ${r.seconds.toFixed(1)} s | ${r.linkSeconds.toFixed(1)} s |`,
    ),
    '',
    `Machine load (1-minute average) ${result.loadAverage.before.toFixed(1)} before, ${result.loadAverage.after.toFixed(1)} after (${result.cpus} cores: above ${result.cpus}, other work competed for the CPU and the wall times grow with it; the key counts do not).`,
    '<!-- client-effort:end -->',
    '',
  ].join('\n');
