import { expect, type APIRequestContext, type Page } from '@playwright/test';

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
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
};

/** An address no earlier run has used. */
export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** A name no earlier test has used, so lists can be searched for it. */
export const uniqueName = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 7).toUpperCase()}`;

/**
 * Calls the API as the page's signed-in user: `page.request` shares the
 * context's cookies, and unsafe methods need the CSRF header from `csrftoken`.
 */
export const apiCall = async <T>(page: Page, method: 'POST' | 'PATCH', path: string, body: unknown): Promise<T> => {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
  const response = await page.request.fetch(`/api/v1/${path}`, { method, data: body, headers: { 'X-CSRFToken': token } });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
};

/** The newest email to `to` (test-only route, HERD_E2E_OUTBOX=1), and the sign-in code of the link in it. */
export const magicCodeFromOutbox = async (request: APIRequestContext, to: string): Promise<string> => {
  const response = await request.get(`/api/v1/testing/outbox/?to=${encodeURIComponent(to)}`);
  expect(response.ok(), `outbox for ${to}: ${response.status()}`).toBe(true);
  const { text } = (await response.json()) as { text: string };
  const code = /[?&]magic=([^\s&"'<>)]+)/.exec(text)?.[1];
  expect(code, `a sign-in link in: ${text}`).toBeTruthy();
  return decodeURIComponent(code!);
};
