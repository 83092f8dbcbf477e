import { expect, test, type Locator, type Page } from '@playwright/test';
import { clientCompanyEndpoints, clientSideEndpoints } from '@herd/contract';
import { expectNoSeriousA11yViolations } from './axe';
import { apiCall, DEMO, signIn } from './helpers';

/**
 * Every screen a client or an accountant reaches, at a desktop's size and a phone's, checked with axe-core
 * (WCAG 2.1 A and AA; serious and critical findings fail: e2e/axe.ts). Each page is checked once what it
 * shows has arrived (a visible heading or row, never a pause), and nothing here changes the demo firm.
 * One browser context per role and size, reused page to page, keeps the walk short.
 */

interface Visit {
  label: string;
  path: string;
  /** The page's title after "Herd | ": set by the page itself, so the page on screen is this one. */
  title?: string;
  /** What shows once the page has what it shows. */
  ready: (page: Page) => Locator;
  /** A step on the page before the check (opening a tab or the editor). */
  then?: (page: Page) => Promise<void>;
}

const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { name }).first();
const text = (words: string | RegExp) => (page: Page) => page.getByText(words).first();
const selectedTab = (name: string | RegExp) => (page: Page) => page.getByRole('tab', { name, selected: true });
const tableRow = (page: Page) => page.locator('.ant-table-row').first();

/** Nothing on the page still loading: no spinner, no skeleton, no loading screen. */
const settled = async (page: Page) => {
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active, .herd-loading-screen, [role="status"][aria-label="Loading"]')).toHaveCount(0);
};

// Review aid: HERD_A11Y_SHOTS=<dir> keeps a screenshot of every page walked.
const SHOTS_DIR = process.env.HERD_A11Y_SHOTS;
const shotName = (page: Page, label: string) => `${page.viewportSize()?.width ?? 0}-${label.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}`;

/**
 * Opens a path as the app's own links do, without reloading the app (a reload costs seconds a page on a busy
 * machine). Signed-out pages are each loaded afresh: they keep their tab in memory, not in the address.
 */
const open = async (page: Page, path: string, reload: boolean) => {
  if (reload) {
    await page.goto(path);
    return;
  }
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
};

const walk = async (page: Page, who: string, visits: Visit[], { reload = false } = {}) => {
  for (const visit of visits) {
    await test.step(visit.label, async () => {
      await open(page, visit.path, reload);
      if (visit.title) await expect(page).toHaveTitle(`Herd | ${visit.title}`);
      await expect(visit.ready(page)).toBeVisible();
      if (visit.then) await visit.then(page);
      await settled(page);
      if (SHOTS_DIR) await page.screenshot({ path: `${SHOTS_DIR}/${shotName(page, `${who}-${visit.label}`)}.png`, fullPage: true });
      await expectNoSeriousA11yViolations(page, `${who}, ${visit.label} (${visit.path})`);
    });
  }
};

const signInButton = (page: Page) => page.getByRole('button', { name: 'Sign in' });

const signedOutVisits: Visit[] = [
  { label: 'sign-in', path: '/auth/', ready: signInButton },
  {
    label: 'sign-in: emailed link tab',
    path: '/auth/',
    ready: signInButton,
    then: async (page) => {
      await page.getByRole('tab', { name: 'Email me a sign-in link' }).click();
      await expect(selectedTab('Email me a sign-in link')(page)).toBeVisible();
    },
  },
  {
    label: 'forgot password',
    path: '/auth/',
    ready: signInButton,
    then: async (page) => {
      await page.getByRole('tab', { name: 'Forgot password' }).click();
      await expect(selectedTab('Forgot password')(page)).toBeVisible();
    },
  },
  {
    label: 'sign-in: errors shown',
    path: '/auth/',
    ready: signInButton,
    then: async (page) => {
      await signInButton(page).click();
      await expect(page.getByText('Email is required.')).toBeVisible();
    },
  },
  { label: 'choose a new password', path: '/auth/?reset=not-a-real-code', ready: heading(/./) },
  { label: 'expired sign-in link', path: '/auth/?magic=not-a-real-code', ready: (page) => page.getByRole('button', { name: 'Email me a new link' }) },
  { label: 'free trial', path: '/auth/free-trial/', ready: (page) => page.getByRole('button', { name: 'Start free trial' }) },
  { label: 'sign in with Xero', path: '/auth/xero/', ready: heading(/Xero/) },
  { label: 'unsubscribe link', path: '/unsubscribe/', ready: text('This link does not work') },
  { label: 'not found', path: '/no/such/page/', ready: text('Page not found') },
  { label: 'permission denied', path: '/403', ready: text('You do not have access to this page') },
  { label: 'version', path: '/version', ready: heading(/./) },
  { label: 'service down', path: '/down', ready: text('Herd is temporarily unavailable') },
];

const C = DEMO.clientCompanyName;

const accountantVisits = (pk: number): Visit[] => [
  { label: 'dashboard', path: '/dashboard/accountant/', title: 'Dashboard', ready: heading(DEMO.firmName) },
  { label: 'clients', path: '/dashboard/accountant/clients/', title: 'Clients', ready: (page) => page.getByRole('link', { name: C }).first() },
  {
    label: 'active transactions',
    path: `/dashboard/accountant/active/${pk}/`,
    title: `${C} · transactions`,
    ready: tableRow,
    then: (page) => expect(selectedTab(/^Active/)(page)).toBeVisible(),
  },
  {
    label: 'categorized transactions',
    path: `/dashboard/accountant/categorized/${pk}/`,
    title: `${C} · transactions`,
    ready: selectedTab(/^Categorized/),
    then: (page) => expect(tableRow(page)).toBeVisible(),
  },
  { label: 'hidden transactions', path: `/dashboard/accountant/hidden/${pk}/`, title: `${C} · transactions`, ready: selectedTab(/^Hidden/) },
  { label: 'review checks', path: `/dashboard/accountant/review/${pk}/`, title: `${C} · review`, ready: selectedTab(/^Review/) },
  { label: 'rules', path: `/dashboard/accountant/rules/${pk}/`, title: `${C} · rules`, ready: (page) => page.getByRole('region', { name: 'Rules for this client' }) },
  { label: 'receipts', path: `/dashboard/accountant/receipts/${pk}/`, title: `${C} · receipts`, ready: (page) => page.getByLabel('Receipt counts') },
  { label: 'completed receipts', path: `/dashboard/accountant/receipts/completed/${pk}/`, title: `${C} · completed receipts`, ready: heading('Completed receipts') },
  { label: 'hidden receipts', path: `/dashboard/accountant/receipts/hidden/${pk}/`, title: `${C} · hidden receipts`, ready: heading('Hidden receipts') },
  { label: 'receipts inbox', path: '/dashboard/accountant/receipts-inbox/', title: 'Receipts inbox', ready: heading('Receipts inbox') },
  { label: 'requests', path: `/dashboard/accountant/requests/${pk}/`, title: `${C} · requests`, ready: (page) => page.getByLabel('Request counts') },
  { label: 'completed requests', path: `/dashboard/accountant/requests/completed/${pk}/`, title: `${C} · completed requests`, ready: heading('Completed requests') },
  {
    label: 'scheduled requests',
    path: `/dashboard/accountant/requests/scheduled/${pk}/`,
    title: `${C} · scheduled requests`,
    ready: (page) => page.getByRole('table', { name: 'Schedules' }),
  },
  { label: 'hidden requests', path: `/dashboard/accountant/requests/hidden/${pk}/`, title: `${C} · hidden requests`, ready: heading('Hidden requests') },
  { label: 'documents', path: `/dashboard/accountant/documents/${pk}/`, title: `${C} · documents`, ready: (page) => page.getByRole('listbox') },
  {
    label: 'viewing as the client',
    path: `/dashboard/accountant/as-client/${pk}/`,
    title: `Viewing as ${C}`,
    ready: (page) => page.getByRole('list', { name: 'Transactions to explain' }),
  },
  { label: 'client settings', path: `/settings/accountant/client/${pk}/`, title: `${C} settings`, ready: (page) => page.getByRole('button', { name: 'Save settings' }) },
  { label: 'analytics', path: '/analytics/', title: 'Analytics', ready: heading('Analytics') },
  ...(
    [
      ['profile', 'Profile'],
      ['security', 'Security'],
      ['emails', 'Emails'],
      ['branding', 'Firm branding'],
      ['team', 'Team'],
      ['default-client', 'Default client'],
      ['storage', 'Storage'],
      ['request-templates', 'Request templates'],
      ['integrations', 'Integrations'],
    ] as const
  ).map(([tab, name]): Visit => ({ label: `settings: ${tab}`, path: `/settings/accountant/?tab=${tab}`, title: 'Settings', ready: selectedTab(name) })),
  { label: 'settings: billing', path: '/settings/accountant/billing/', title: 'Billing', ready: selectedTab('Billing') },
];

const clientVisits = (pk: number): Visit[] => [
  { label: 'home', path: `/dashboard/client/company-client/?company=${pk}`, title: C, ready: (page) => page.getByRole('list', { name: 'Transactions to explain' }) },
  {
    label: 'explaining a transaction',
    path: `/dashboard/client/company-client/?company=${pk}`,
    title: C,
    ready: (page) => page.getByRole('list', { name: 'Transactions to explain' }),
    then: async (page) => {
      await page.getByTestId('transaction-row').first().click();
      await expect(page.getByTestId('transaction-editor')).toBeVisible();
    },
  },
  {
    label: 'completed transactions',
    path: `/dashboard/client/company-client/transactions/completed/${pk}/`,
    title: 'Completed transactions',
    ready: (page) => page.getByRole('list', { name: 'Completed transactions' }),
  },
  { label: 'completed receipts', path: `/dashboard/client/company-client/receipts/completed/${pk}/`, title: 'Completed receipts', ready: heading('Completed receipts') },
  { label: 'hidden receipts', path: `/dashboard/client/company-client/receipts/hidden/${pk}/`, title: 'Hidden receipts', ready: heading('Hidden receipts') },
  { label: 'completed requests', path: `/dashboard/client/company-client/comms/completed/${pk}/`, title: 'Completed requests', ready: heading('Completed requests') },
  { label: 'scheduled requests', path: `/dashboard/client/company-client/comms/scheduled/${pk}/`, title: 'Scheduled requests', ready: heading('Scheduled requests') },
  { label: 'documents', path: `/dashboard/client/company-client/documents/${pk}/`, title: `${C} · documents`, ready: (page) => page.getByRole('listbox') },
  ...(
    [
      ['profile', 'Profile'],
      ['security', 'Security'],
      ['emails', 'Emails'],
      ['notifications', 'Notifications'],
      ['people', 'People'],
      ['receipts', 'Receipts'],
    ] as const
  ).map(([tab, name]): Visit => ({ label: `settings: ${tab}`, path: `/settings/client/?tab=${tab}`, title: 'Settings', ready: selectedTab(name) })),
];

const SIZES = [
  { size: 'desktop', options: { viewport: { width: 1280, height: 800 } } },
  { size: 'phone', options: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } },
] as const;

for (const { size, options } of SIZES) {
  test.describe(`accessibility on a ${size}`, () => {
    test.use(options);
    // A walk is many pages in one test: the time is per walk, not per page.
    test.setTimeout(180_000);

    test('signed-out pages', async ({ page }) => {
      await walk(page, 'signed out', signedOutVisits, { reload: true });
    });

    test("the accountant's pages", async ({ page }) => {
      await signIn(page, DEMO.accountantEmail, DEMO.password);
      await expect(page.getByRole('heading', { name: DEMO.firmName })).toBeVisible();
      const company = (await apiCall(page, clientCompanyEndpoints.list, { query: { search: DEMO.clientCompanyName } })).results[0]!;
      await walk(page, 'accountant', accountantVisits(company.pk));
    });

    test("the client's pages", async ({ page }) => {
      await signIn(page, DEMO.clientEmail, DEMO.password);
      await expect(page).toHaveURL(/\/dashboard\/client\//);
      const company = (await apiCall(page, clientSideEndpoints.ownCompanies)).find((c) => c.name === DEMO.clientCompanyName)!;
      await walk(page, 'client', clientVisits(company.pk));
    });
  });
}
