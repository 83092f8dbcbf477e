import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { API_PREFIX, testingEndpoints, type CallInput, type Endpoint, type ResponseOf } from '@herd/contract';

/** The demo firm seeded into the e2e database (apps/server/src/seed/demo.ts). */
export const DEMO = {
  firmName: 'Demo Bookkeeping',
  accountantEmail: 'accountant@example.com',
  clientEmail: 'client@example.com',
  clientCompanyName: 'Sunrise Bakery LLC',
  password: 'herd-demo-2026',
} as const;

export const signIn = async (page: Page, email: string, password: string) => {
  await page.goto('/auth/');
  // A new browser loads the whole app first: on two busy cores that can take longer than one expectation's wait.
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Then what a person waits for: the app past the sign-in page, or the reason it refused. Checking the
  // password and loading the first page can outlast one expectation's wait on two busy cores.
  await page.waitForFunction(() => !window.location.pathname.startsWith('/auth/') || document.querySelector('[role="alert"]') !== null, null, {
    timeout: 30_000,
  });
};

/** An address no earlier run has used. */
export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** A word no earlier run has used, in letters only: a digit would read as a reference number, not the merchant. */
export const uniqueWord = () =>
  Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26)))
    .join('')
    .replace(/^./, (c) => c.toUpperCase());

/** A name no earlier test has used, so lists can be searched for it. */
export const uniqueName = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 7).toUpperCase()}`;

/** The URL of one endpoint of the route table, its `{name}` parameters filled and its query appended. */
const urlOf = (endpoint: Endpoint, params: Record<string, string | number> = {}, query: Record<string, string | number | undefined> = {}) => {
  const path = endpoint.path.replace(/\{(\w+)\}/g, (_match, name: string) => encodeURIComponent(String(params[name])));
  const search = new URLSearchParams(Object.entries(query).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])));
  return `${API_PREFIX}/${path}${search.size > 0 ? `?${search.toString()}` : ''}`;
};

/**
 * Calls an endpoint of the route table as the page's signed-in user (or
 * through a bare request context): `page.request` shares the context's
 * cookies, and unsafe methods need the CSRF header from `csrftoken`
 * (`__Host-csrftoken` when the app is served over HTTPS).
 */
export const apiCall = async <E extends Endpoint>(
  page: Page,
  endpoint: E,
  input: { params?: Record<string, string | number>; query?: Record<string, string | number | undefined>; body?: CallInput<E>['body'] } = {},
): Promise<ResponseOf<E>> => {
  const cookies = await page.context().cookies();
  const token = (cookies.find((cookie) => cookie.name === '__Host-csrftoken') ?? cookies.find((cookie) => cookie.name === 'csrftoken'))?.value ?? '';
  const url = urlOf(endpoint, input.params, input.query);
  const response = await page.request.fetch(url, { method: endpoint.method, data: input.body, headers: { 'X-CSRFToken': token } });
  expect(response.ok(), `${endpoint.method} ${url}: ${response.status()} ${await response.text()}`).toBe(true);
  return (response.status() === 204 ? undefined : await response.json()) as ResponseOf<E>;
};

/**
 * The code of the link (`?<param>=…`) last mailed to `to`. Links are mailed by a job after the
 * answer, so this waits for the email to reach the outbox.
 */
const linkCodeFromOutbox = async (request: APIRequestContext, to: string, param: 'magic' | 'signup'): Promise<string> => {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(urlOf(testingEndpoints.outbox, {}, { to }));
        if (!response.ok()) return undefined;
        const { text } = (await response.json()) as { text: string };
        code = new RegExp(`[?&]${param}=([^\\s&"'<>)]+)`).exec(text)?.[1];
        return code;
        // The invitation job waits for a worker's poll: on a busy two-core machine that took over 10 s, and
        // once, with the API tests on PostgreSQL beside the walks and more work on the machine, over 30 s.
      },
      { message: `a ${param} link mailed to ${to}`, timeout: 60_000 },
    )
    .toBeTruthy();
  return decodeURIComponent(code!);
};

/**
 * The sign-in link (its path, from `/auth/?magic=…` on, with where it leads) of the newest email to `to`
 * whose subject holds `subject`: emails are written by jobs, so this waits for it to reach the outbox.
 */
export const mailedLinkFromOutbox = async (request: APIRequestContext, to: string, subject: string): Promise<string> => {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(urlOf(testingEndpoints.outbox, {}, { to }));
        if (!response.ok()) return undefined;
        const mail = (await response.json()) as { subject: string; text: string };
        link = mail.subject.includes(subject) ? /\/auth\/\?magic=[^\s"'<>)]+/.exec(mail.text)?.[0] : undefined;
        return link;
      },
      { message: `an email about “${subject}” to ${to}`, timeout: 30_000 },
    )
    .toBeTruthy();
  return link!;
};

/** The code of the sign-in link mailed to `to`. */
export const magicCodeFromOutbox = (request: APIRequestContext, to: string) => linkCodeFromOutbox(request, to, 'magic');

/** The code of the sign-up link mailed to `to`. */
export const signupCodeFromOutbox = (request: APIRequestContext, to: string) => linkCodeFromOutbox(request, to, 'signup');

/** The client answers the first transaction of their list with the first category offered and finishes it (Ctrl+Enter). */
export const answerFirstTransaction = async (client: Page) => {
  const rows = client.getByTestId('transaction-row');
  await expect(rows.first()).toBeVisible();
  const waiting = await rows.count();
  await client.keyboard.press('Enter');
  const editor = client.getByTestId('transaction-editor');
  await expect(editor).toBeVisible();
  const category = editor.getByRole('combobox', { name: 'Category', exact: true }).first();
  await category.click();
  await expect(client.locator('.ant-select-dropdown:visible .ant-select-item-option-active')).toBeVisible();
  await category.press('Enter');
  await client.keyboard.press('Control+Enter');
  await expect(editor).toBeHidden();
  await expect(rows).toHaveCount(waiting - 1);
};
