import { expect, type Page } from '@playwright/test';

/** The demo firm seeded into the e2e database (apps/server/src/seed/demo.ts). */
export const DEMO = {
  firmName: 'Demo Bookkeeping',
  accountantEmail: 'accountant@example.com',
  clientEmail: 'client@example.com',
  password: 'herd-demo-2026',
} as const;

export const signIn = async (page: Page, email: string, password: string) => {
  await page.goto('/auth/');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
};
