import { FEATURE_FLAGS, RETIRED_FEATURE_FLAGS, type FeatureFlag } from '@herd/contract';
import { z } from 'zod';

/**
 * Every environment variable Herd reads, in one zod schema checked once at start. An empty value
 * counts as unset (so `VAR=` in a compose file means the default). A bad value stops the process
 * with a message that names the variable; values that may hold a password (URLs, keys) are never
 * repeated in it.
 */

type Checked<T> = { ok: true; value: T } | { ok: false; why: string };

const variable = <T>(name: string, check: (raw: string) => Checked<T>) =>
  z
    .string()
    .optional()
    .transform((raw, ctx): T | undefined => {
      if (raw === undefined || raw === '') return undefined;
      const result = check(raw);
      if (result.ok) return result.value;
      ctx.addIssue({ code: 'custom', message: `${name} ${result.why}.` });
      return z.NEVER;
    });

const text = (name: string) => variable(name, (raw) => ({ ok: true, value: raw }));

const integer = (name: string, min: number, max: number) =>
  variable(name, (raw) => {
    const n = Number(raw);
    return Number.isInteger(n) && n >= min && n <= max ? { ok: true, value: n } : { ok: false, why: `must be a whole number from ${min} to ${max}, not "${raw}"` };
  });

const positive = (name: string, unit: string) =>
  variable(name, (raw) => {
    const n = Number(raw);
    return Number.isFinite(n) && n > 0 ? { ok: true, value: n } : { ok: false, why: `must be a number of ${unit} above 0, not "${raw}"` };
  });

const oneOf = <const T extends string>(name: string, values: readonly T[]) =>
  variable(name, (raw): Checked<T> =>
    (values as readonly string[]).includes(raw) ? { ok: true, value: raw as T } : { ok: false, why: `must be ${values.map((v) => `"${v}"`).join(' or ')}, not "${raw}"` },
  );

const DURATION_UNITS_MS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000 };
const readableDuration = (ms: number) => (ms % 86_400_000 === 0 ? `${ms / 86_400_000}d` : ms % 3_600_000 === 0 ? `${ms / 3_600_000}h` : `${ms / 60_000}m`);

/**
 * A length of time in milliseconds: a whole number of minutes ("240"), or amounts with units m, h and d
 * ("4h", "90m", "1h30m", "1d"), between the bounds.
 */
const duration = (name: string, minMs: number, maxMs: number) =>
  variable(name, (raw) => {
    const text = raw.trim().toLowerCase();
    const withUnits = /^\d+$/.test(text) ? `${text}m` : text;
    const ms = /^(\d+\s*[mhd]\s*)+$/.test(withUnits)
      ? [...withUnits.matchAll(/(\d+)\s*([mhd])/g)].reduce((sum, [, amount, unit]) => sum + Number(amount) * DURATION_UNITS_MS[unit!]!, 0)
      : NaN;
    if (ms >= minMs && ms <= maxMs) return { ok: true, value: ms };
    return {
      ok: false,
      why: `must be a length of time from ${readableDuration(minMs)} to ${readableDuration(maxMs)}, in minutes ("240") or with units m, h, d ("4h", "1h30m"), not "${raw}"`,
    };
  });

const TRUE = ['true', '1', 'yes', 'on'];
const FALSE = ['false', '0', 'no', 'off'];
const flag = (name: string) =>
  variable(name, (raw) => {
    const value = raw.toLowerCase();
    if (TRUE.includes(value)) return { ok: true, value: true };
    if (FALSE.includes(value)) return { ok: true, value: false };
    return { ok: false, why: `must be true or false, not "${raw}"` };
  });

/** A URL with one of the given schemes; the value is not repeated, as it may carry a password. */
const url = (name: string, protocols: string[]) =>
  variable(name, (raw) => {
    const parsed = URL.canParse(raw) ? new URL(raw) : null;
    if (parsed && protocols.includes(parsed.protocol)) return { ok: true, value: raw };
    return { ok: false, why: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}` };
  });

/**
 * A comma-separated list of feature flags, each one Herd knows; spaces around names are ignored. A retired
 * flag (what it gated every firm now has) is accepted and dropped, so a deployment that named it still starts.
 */
const featureFlagList = (name: string) =>
  variable(name, (raw): Checked<FeatureFlag[]> => {
    const names = raw
      .split(',')
      .map((n) => n.trim())
      .filter((n) => n && !(RETIRED_FEATURE_FLAGS as readonly string[]).includes(n));
    const unknown = names.filter((n) => !(FEATURE_FLAGS as readonly string[]).includes(n));
    if (unknown.length > 0) return { ok: false, why: `names unknown flags (${unknown.join(', ')}); the flags are ${FEATURE_FLAGS.join(', ')}` };
    return { ok: true, value: [...new Set(names)] as FeatureFlag[] };
  });

export const MIN_SECRET_KEY_LENGTH = 32;

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const HTTP = ['http:', 'https:'];

export const envSchema = z.object({
  PORT: integer('PORT', 0, 65535),
  HOST: text('HOST'),
  DATA_DIR: text('DATA_DIR'),
  DATABASE_URL: url('DATABASE_URL', ['postgres:', 'postgresql:']),
  DATABASE_POOL_SIZE: integer('DATABASE_POOL_SIZE', 1, 1000),
  APP_URL: url('APP_URL', HTTP),
  SECRET_KEY: variable('SECRET_KEY', (raw) =>
    raw.length >= MIN_SECRET_KEY_LENGTH
      ? { ok: true, value: raw }
      : { ok: false, why: `must be at least ${MIN_SECRET_KEY_LENGTH} characters long (for example the output of \`openssl rand -hex 32\`)` },
  ),
  SMTP_URL: url('SMTP_URL', ['smtp:', 'smtps:']),
  MAIL_FROM: text('MAIL_FROM'),
  DEMO_DATA: oneOf('DEMO_DATA', ['on', 'off']),
  SANDBOXES: oneOf('SANDBOXES', ['on', 'off']),
  LOG_LEVEL: oneOf('LOG_LEVEL', LOG_LEVELS),
  TRUST_PROXY: flag('TRUST_PROXY'),
  WEB_DIST_DIR: z.string().optional(),
  SENTRY_DSN: url('SENTRY_DSN', HTTP),
  GTM_ID: text('GTM_ID'),
  HERD_ENV: text('HERD_ENV'),
  NODE_ENV: text('NODE_ENV'),
  MAX_UPLOAD_MB: positive('MAX_UPLOAD_MB', 'megabytes'),
  STORAGE_QUOTA_GB: positive('STORAGE_QUOTA_GB', 'gigabytes'),
  HERD_E2E_OUTBOX: flag('HERD_E2E_OUTBOX'),
  S3_BUCKET: text('S3_BUCKET'),
  S3_REGION: text('S3_REGION'),
  S3_ENDPOINT: url('S3_ENDPOINT', HTTP),
  S3_ACCESS_KEY_ID: text('S3_ACCESS_KEY_ID'),
  S3_SECRET_ACCESS_KEY: text('S3_SECRET_ACCESS_KEY'),
  S3_FORCE_PATH_STYLE: flag('S3_FORCE_PATH_STYLE'),
  QBO_CLIENT_ID: text('QBO_CLIENT_ID'),
  QBO_CLIENT_SECRET: text('QBO_CLIENT_SECRET'),
  QBO_ENVIRONMENT: oneOf('QBO_ENVIRONMENT', ['production', 'sandbox']),
  QBO_WEBHOOK_VERIFIER_TOKEN: text('QBO_WEBHOOK_VERIFIER_TOKEN'),
  QBO_BASE_URL: url('QBO_BASE_URL', HTTP),
  XERO_CLIENT_ID: text('XERO_CLIENT_ID'),
  XERO_CLIENT_SECRET: text('XERO_CLIENT_SECRET'),
  XERO_WEBHOOK_KEY: text('XERO_WEBHOOK_KEY'),
  XERO_BASE_URL: url('XERO_BASE_URL', HTTP),
  KARBON_BASE_URL: url('KARBON_BASE_URL', HTTP),
  TWILIO_ACCOUNT_SID: text('TWILIO_ACCOUNT_SID'),
  TWILIO_AUTH_TOKEN: text('TWILIO_AUTH_TOKEN'),
  TWILIO_FROM: text('TWILIO_FROM'),
  // Web Push's VAPID pair (base64url, as `npx web-push generate-vapid-keys` prints it): by default derived from SECRET_KEY.
  VAPID_PUBLIC_KEY: variable('VAPID_PUBLIC_KEY', (raw) =>
    /^[A-Za-z0-9_-]{87}$/.test(raw) ? { ok: true, value: raw } : { ok: false, why: 'must be a P-256 public key, 65 bytes in base64url (87 characters)' },
  ),
  VAPID_PRIVATE_KEY: variable('VAPID_PRIVATE_KEY', (raw) =>
    /^[A-Za-z0-9_-]{43}$/.test(raw) ? { ok: true, value: raw } : { ok: false, why: 'must be a P-256 private key, 32 bytes in base64url (43 characters)' },
  ),
  PUSH_SERVICE_HOSTS: variable('PUSH_SERVICE_HOSTS', (raw) => {
    const hosts = raw
      .split(',')
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean);
    return hosts.length > 0 && hosts.every((host) => /^[a-z0-9.-]+$/.test(host))
      ? { ok: true, value: hosts }
      : { ok: false, why: 'must be host names separated by commas' };
  }),
  VAPID_SUBJECT: variable('VAPID_SUBJECT', (raw) =>
    /^(mailto:\S+@\S+|https:\/\/\S+)$/.test(raw)
      ? { ok: true, value: raw }
      : { ok: false, why: 'must be a mailto: address or an https: URL where the operator can be reached' },
  ),
  OUTBOUND_TIMEOUT_MS: integer('OUTBOUND_TIMEOUT_MS', 1, 3_600_000),
  // The sweep runs every five minutes, so a shorter interval could not be kept; past a week a grant's tokens could lapse between pulls.
  LEDGER_SYNC_INTERVAL: duration('LEDGER_SYNC_INTERVAL', 5 * 60_000, 7 * 86_400_000),
  FEATURE_FLAGS: featureFlagList('FEATURE_FLAGS'),
  BILLING: oneOf('BILLING', ['on', 'off']),
  STRIPE_SECRET_KEY: text('STRIPE_SECRET_KEY'),
  STRIPE_WEBHOOK_SECRET: text('STRIPE_WEBHOOK_SECRET'),
  STRIPE_PRICE_ID: text('STRIPE_PRICE_ID'),
  STRIPE_BASE_URL: url('STRIPE_BASE_URL', HTTP),
  INBOUND_DOMAIN: variable('INBOUND_DOMAIN', (raw) =>
    /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/i.test(raw)
      ? { ok: true, value: raw }
      : { ok: false, why: `must be a domain name such as reply.example.com, not "${raw}"` },
  ),
  INBOUND_SMTP_PORT: integer('INBOUND_SMTP_PORT', 1, 65535),
  INBOUND_SMTP_HOST: text('INBOUND_SMTP_HOST'),
  INBOUND_WEBHOOK_SECRET: variable('INBOUND_WEBHOOK_SECRET', (raw) =>
    raw.length >= 24 ? { ok: true, value: raw } : { ok: false, why: 'must be at least 24 characters long (for example the output of `openssl rand -hex 24`)' },
  ),
  INBOUND_MAX_MB: positive('INBOUND_MAX_MB', 'megabytes'),
  INBOUND_REQUIRE_AUTH_RESULTS: flag('INBOUND_REQUIRE_AUTH_RESULTS'),
  INBOUND_AUTHSERV_IDS: text('INBOUND_AUTHSERV_IDS'),
});

export type Env = z.output<typeof envSchema>;

/**
 * Rules between variables, on whether each is set at all: they hold even when a value of theirs
 * is malformed, so one start reports every problem.
 */
const crossProblems = (env: NodeJS.ProcessEnv): string[] => {
  const set = (name: string) => !!env[name];
  const problems: string[] = [];
  // Each process would otherwise make its own key in its own data folder, and none could open what another sealed.
  if (set('DATABASE_URL') && !set('SECRET_KEY')) {
    problems.push(
      'SECRET_KEY is required when DATABASE_URL is set: every API and worker process must seal credentials with the same key. Set it to the same random value of at least 32 characters on each of them.',
    );
  }
  if (!set('S3_BUCKET') && ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'].some(set)) {
    problems.push('S3_BUCKET is required when other S3_ settings are given; without it files are kept on local disk.');
  }
  if (set('S3_ACCESS_KEY_ID') !== set('S3_SECRET_ACCESS_KEY')) problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together.');
  if (set('QBO_CLIENT_ID') !== set('QBO_CLIENT_SECRET')) problems.push('QBO_CLIENT_ID and QBO_CLIENT_SECRET must be set together.');
  if (set('XERO_CLIENT_ID') !== set('XERO_CLIENT_SECRET')) problems.push('XERO_CLIENT_ID and XERO_CLIENT_SECRET must be set together.');
  // With a Stripe key Herd bills for real: it must know which price to charge and how to check Stripe's webhooks.
  if (set('STRIPE_SECRET_KEY') && env.BILLING !== 'off' && !(set('STRIPE_WEBHOOK_SECRET') && set('STRIPE_PRICE_ID'))) {
    problems.push('STRIPE_WEBHOOK_SECRET and STRIPE_PRICE_ID are required when STRIPE_SECRET_KEY is set (or set BILLING=off to bill nobody).');
  }
  if (set('VAPID_PUBLIC_KEY') !== set('VAPID_PRIVATE_KEY')) problems.push('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together.');
  const twilio = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'];
  if (twilio.some(set) && !twilio.every(set)) problems.push('TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM must be set together.');
  // Without it every Authentication-Results header is read, including one the sender wrote into the message themself.
  if (env.NODE_ENV === 'production' && set('INBOUND_SMTP_PORT') && !set('INBOUND_AUTHSERV_IDS')) {
    problems.push(
      "INBOUND_AUTHSERV_IDS is required in production when INBOUND_SMTP_PORT is set: name the receiving servers whose sender checks Herd may trust (the authserv-id of the relay in front of Herd's listener), or a forged sender check would be believed.",
    );
  }
  return problems;
};

/** The environment as checked values, or an error listing every problem, one a line. */
export const parseEnv = (env: NodeJS.ProcessEnv): Env => {
  const result = envSchema.safeParse(env);
  const problems = [...(result.success ? [] : result.error.issues.map((i) => i.message)), ...crossProblems(env)];
  if (problems.length > 0 || !result.success) throw new ConfigError(problems);
  return result.data;
};
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`The configuration is not valid:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}
