import {
  profileEndpoints,
  SESSION_HINT_COOKIE,
  successStatus,
  type BillingInfo,
  type ClientConfig,
  type ClientCompany,
  type ClientSideCompany,
  type ClientUser,
  type Coworker,
  type Endpoint,
  type FirmRole,
  type MyAccountant,
  type Note,
  type Profile,
  type ResponseOf,
  DEFAULT_ASK_RULES,
  DEFAULT_FINISH_RULE,
  DEFAULT_REMINDER_LADDER,
} from '@herd/contract';
import { httpClient, type HttpAdapter } from '../src/lib/api-client';
import { readCookie } from '../src/lib/cookies';
import { buildPath, type PathParams } from '../src/lib/path-builder';

export interface FakeRequest {
  method: string;
  /** Full path, e.g. "/api/v1/users/profile/". */
  path: string;
  params: Record<string, unknown>;
  body: unknown;
  headers: Headers;
}

export interface FakeReply {
  status: number;
  data?: unknown;
  headers?: Record<string, string>;
}

type Handler = (request: FakeRequest) => FakeReply | Promise<FakeReply>;

export const TEST_CSRF_TOKEN = 'test-csrf-token';

/** A path relative to /api/v1/, or an absolute one starting with /api/. */
const apiPath = (path: string): string => (path.startsWith('/') ? path : `/api/v1/${path}`);

/**
 * The network, faked at the HTTP client's adapter: routes "METHOD /path" to handlers,
 * records every request, and sets the CSRF cookie as the real server does.
 */
export const createFakeApi = () => {
  const handlers = new Map<string, Handler>();
  const requests: FakeRequest[] = [];

  const adapter: HttpAdapter = async (sent) => {
    const { method, path } = sent;
    const request: FakeRequest = {
      method,
      path,
      params: sent.params,
      body: typeof sent.body === 'string' && sent.body ? (JSON.parse(sent.body) as unknown) : sent.body,
      headers: new Headers(sent.headers),
    };
    requests.push(request);
    // Like the server: hand out a token only to a browser that has none.
    if (path.startsWith('/api/') && !readCookie('csrftoken')) document.cookie = `csrftoken=${TEST_CSRF_TOKEN}; path=/`;
    const handler = handlers.get(`${method} ${path}`);
    const reply = handler ? await handler(request) : { status: 404, data: { detail: 'Not found.' } };
    return { status: reply.status, headers: new Headers(reply.headers ?? {}), data: reply.data ?? undefined };
  };

  const fake = {
    requests,
    adapter,
    /** Answers `METHOD /api/v1/<path>` (or an absolute path starting with /api/). */
    on(method: string, path: string, handler: Handler | FakeReply) {
      handlers.set(`${method.toUpperCase()} ${apiPath(path)}`, typeof handler === 'function' ? handler : () => handler);
      return fake;
    },
    /**
     * Answers one endpoint of the contract's route table at these path
     * parameters: the answer is typed by the endpoint's schema (its success
     * status), or a handler may reply anything, e.g. an error.
     */
    answer<E extends Endpoint>(endpoint: E, params: PathParams, answer: ResponseOf<E> | ((request: FakeRequest) => FakeReply | Promise<FakeReply>)) {
      const handler: Handler = typeof answer === 'function' ? (answer as Handler) : () => ({ status: successStatus(endpoint), data: answer });
      return fake.on(endpoint.method, buildPath(endpoint.path, params), handler);
    },
    /** Requests to one endpoint of the route table at these path parameters. */
    callsTo(endpoint: Endpoint, params: PathParams) {
      const full = apiPath(buildPath(endpoint.path, params));
      return requests.filter((r) => r.method === endpoint.method && r.path === full);
    },
    install() {
      httpClient.defaults.adapter = adapter;
      // As after a sign-in: the app asks who is signed in (a test of a signed-out page answers that with 401).
      document.cookie = `${SESSION_HINT_COOKIE}=1; path=/`;
      return fake;
    },
  };
  return fake;
};

export type FakeApi = ReturnType<typeof createFakeApi>;

export const makeProfile = (overrides: Partial<Profile> = {}): Profile => ({
  pk: 1,
  email: 'avery@example.com',
  first_name: 'Avery',
  last_name: 'Stone',
  phone: '',
  account_type: 'ACCOUNTANT',
  accountant_company_user: {
    pk: 1,
    role: 'FIRM_ADMIN',
    mfa_enabled: false,
    is_mfa_setup: false,
    default_client_company: null,
    company: { pk: 1, company_name: 'Stone & Co Bookkeeping', main_color: '#1d4ed8', logo: null },
  },
  client_firm: null,
  feature_flags: [],
  global_banners: [],
  totp_qr_link: null,
  ...overrides,
});

export const makeClientProfile = (overrides: Partial<Profile> = {}): Profile =>
  makeProfile({
    pk: 2,
    email: 'casey@example.com',
    first_name: 'Casey',
    last_name: 'Baker',
    account_type: 'CLIENT',
    accountant_company_user: null,
    client_firm: { pk: 1, company_name: 'Stone & Co Bookkeeping', main_color: '#1d4ed8', logo: null },
    ...overrides,
  });

/** The deployment's runtime settings: production with QuickBooks and Xero themselves, email and texts, no sandbox, no monitoring. */
export const makeClientConfig = (overrides: Partial<ClientConfig> = {}): ClientConfig => ({
  sentry_dsn: null,
  gtm_id: null,
  environment: 'production',
  quickbooks_signup: true,
  xero: 'live',
  quickbooks: 'live',
  email_delivery: true,
  karbon_sandbox: false,
  texts: true,
  ...overrides,
});

/** A fake API where the profile endpoint answers with `profile`, or 401 when it is null. */
export const fakeSession = (profile: Profile | null): FakeApi =>
  createFakeApi()
    .answer(profileEndpoints.profile, {}, profile ?? (() => ({ status: 401, data: { detail: 'You are not signed in.' } })))
    .install();

/** A list endpoint's answer: `{count, next, previous, results}`. */
export const paginated = <T>(results: T[], count: number = results.length) => ({
  count,
  next: count > results.length ? 'http://testserver/next/' : null,
  previous: null,
  results,
});

export const makeClientCompany = (overrides: Partial<ClientCompany> = {}): ClientCompany => ({
  pk: 7,
  name: 'Sunrise Bakery LLC',
  connection_kind: 'CSV',
  connection_state: 'CONNECTED',
  sync_date: null,
  client_editable_fields: ['category', 'memo'],
  finish_rule: DEFAULT_FINISH_RULE,
  reminder_schedule: { enabled: true, weekdays: null, ...DEFAULT_REMINDER_LADDER },
  ask_rules: DEFAULT_ASK_RULES,
  pinned_note: '',
  assigned_members: [],
  client_users_count: 1,
  review_findings: 0,
  books_closed_through: null,
  ledger_sync: null,
  created_at: '2026-03-02T10:00:00.000Z',
  ...overrides,
});

export const makeClientUser = (overrides: Partial<ClientUser> = {}): ClientUser => ({
  pk: 21,
  email: 'casey@example.com',
  first_name: 'Casey',
  last_name: 'Baker',
  phone: '',
  account_type: 'CLIENT',
  client_companies: [{ pk: 7, name: 'Sunrise Bakery LLC' }],
  has_signed_in: false,
  never_text: false,
  ...overrides,
});

export const makeCoworker = (overrides: Partial<Coworker> = {}): Coworker => ({
  pk: 1,
  user: 1,
  email: 'avery@example.com',
  first_name: 'Avery',
  last_name: 'Stone',
  phone: '',
  role: 'FIRM_ADMIN',
  has_signed_in: true,
  mfa_enabled: false,
  is_mfa_setup: false,
  mfa_method: null,
  ...overrides,
});

export const makeOwnCompany = (overrides: Partial<ClientSideCompany> = {}): ClientSideCompany => ({
  pk: 7,
  name: 'Sunrise Bakery LLC',
  connection_kind: 'CSV',
  client_editable_fields: ['category', 'memo'],
  finish_rule: DEFAULT_FINISH_RULE,
  receipt_above: null,
  ask_rules_words: null,
  pinned_note: '',
  pinned_thread_note: null,
  role: 'CLIENT',
  ...overrides,
});

export const makeMyAccountant = (overrides: Partial<MyAccountant> = {}): MyAccountant => ({
  firm: { pk: 1, company_name: 'Stone & Co Bookkeeping', main_color: '#1d4ed8', logo: null },
  contact: { name: 'Avery Stone', email: 'avery@example.com', phone: '+1 555 0100' },
  ...overrides,
});

/** A firm user's profile with another firm role. */
export const makeProfileWithRole = (role: FirmRole, overrides: Partial<Profile> = {}): Profile => {
  const base = makeProfile(overrides);
  return { ...base, accountant_company_user: base.accountant_company_user && { ...base.accountant_company_user, role } };
};

/** A clipboard for jsdom (which has none): records what was written; `refuse` makes it fail like a denied permission. */
export const installClipboard = (options: { refuse?: boolean } = {}) => {
  const state = { text: '' };
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: {
      writeText: async (text: string) => {
        if (options.refuse) throw new DOMException('Write permission denied.', 'NotAllowedError');
        state.text = text;
      },
      readText: async () => state.text,
    },
  });
  return state;
};

/** A firm admin's billing on a paid sandbox subscription: Visa 4242, 3 companies at 20 USD, one paid invoice. */
export const makeBillingInfo = (overrides: Partial<BillingInfo> = {}): BillingInfo => ({
  mode: 'sandbox',
  status: 'PAID',
  read_only: false,
  can_manage: true,
  trial_ends_at: '2026-03-15T10:00:00.000Z',
  subscription_status: 'active',
  cancel_at_period_end: false,
  current_period_end: '2026-05-01T10:00:00.000Z',
  plan: { name: 'Herd', unit_amount: 2000, currency: 'usd', interval: 'month' },
  quantity: 3,
  active_companies: 3,
  next_invoice: { amount_due: 6000, currency: 'usd', date: '2026-05-01T10:00:00.000Z' },
  card: { brand: 'visa', last4: '4242' },
  invoices: [
    {
      id: 'in_1',
      number: 'HERD-0001',
      status: 'paid',
      amount_due: 6000,
      amount_paid: 6000,
      currency: 'usd',
      created: '2026-04-01T10:00:00.000Z',
      period_start: '2026-04-01T10:00:00.000Z',
      period_end: '2026-05-01T10:00:00.000Z',
      hosted_invoice_url: 'https://billing.example/invoices/in_1',
      invoice_pdf: 'https://billing.example/invoices/in_1.pdf',
    },
  ],
  stripe_unavailable: false,
  ...overrides,
});

/** What someone who is not a firm admin is told: the status only. */
export const makeMemberBillingInfo = (overrides: Partial<BillingInfo> = {}): BillingInfo =>
  makeBillingInfo({
    can_manage: false,
    trial_ends_at: null,
    subscription_status: null,
    current_period_end: null,
    plan: null,
    quantity: null,
    active_companies: null,
    next_invoice: null,
    card: null,
    invoices: [],
    ...overrides,
  });

/** One note of a thread: the accountant's own, unedited, mentioning nobody. */
export const makeNote = (overrides: Partial<Note> = {}): Note => ({
  pk: 5,
  body: 'Client lunch.',
  sender: 'ACCOUNTANT',
  author: null,
  created_at: '2026-03-01T10:00:00Z',
  edited: false,
  is_mine: true,
  mentions: [],
  pinned: false,
  ...overrides,
});
