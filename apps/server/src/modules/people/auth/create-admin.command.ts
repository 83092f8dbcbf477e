import { DEFAULT_TIME_ZONE, PASSWORD_RESET_TTL_MS, signupBody } from '@herd/contract';
import type { Config } from '../../../config.js';
import type { Db } from '../../../db/client.js';
import { OperatorUsageError } from '../../../lib/operator-args.js';
import { isUniqueViolation } from '../../../lib/pg-errors.js';
import { resetUrl } from './auth.service.js';
import { findUserByEmail } from './auth.queries.js';
import { findAdminFirmOfUser } from './create-admin.queries.js';
import { issueCode } from './one-time-codes.service.js';
import { createFirmWithAdmin } from './signup.service.js';

export const CREATE_ADMIN_USAGE = `Usage: npm run create-admin -- --email <address> --firm "<firm name>" --first-name <name> --last-name <name> [--time-zone <IANA zone>]
Creates the firm and its first admin (as a sign-up would, without its email), and prints a link
where the admin chooses a password. The link works once, for ${PASSWORD_RESET_TTL_MS / 3_600_000} hour, and starts with APP_URL.
Run it again with the same email and firm for a new link: nothing is created twice.
On the embedded database, stop the server first.`;

export interface CreateAdminCommand {
  email: string;
  firmName: string;
  firstName: string;
  lastName: string;
  timeZone: string;
}

const OPTIONS = {
  '--email': 'email',
  '--firm': 'company_name',
  '--first-name': 'first_name',
  '--last-name': 'last_name',
  '--time-zone': 'time_zone',
} as const;
type OptionName = keyof typeof OPTIONS;

const usage = (problems: string[]) => new OperatorUsageError(`${problems.join('\n')}\n${CREATE_ADMIN_USAGE}`);

/** Each `--option value` pair, or every mistake in them at once (an unknown option, a missing value, one given twice). */
const readOptions = (args: readonly string[]) => {
  const values = new Map<OptionName, string>();
  const problems: string[] = [];
  for (let at = 0; at < args.length; at += 2) {
    const name = args[at]!;
    const value = args[at + 1];
    if (!(name in OPTIONS)) {
      problems.push(`"${name}" is not an option of this command.`);
      at -= 1;
      continue;
    }
    if (value === undefined || value.startsWith('--')) {
      problems.push(`${name} needs a value.`);
      at -= 1;
      continue;
    }
    if (values.has(name as OptionName)) problems.push(`${name} is given twice.`);
    values.set(name as OptionName, value);
  }
  return { values, problems };
};

/**
 * Reads the operator's arguments, checked by the same rules as the sign-up form (the contract's
 * fields and their messages), or says everything wrong with them and how to write them.
 */
export const parseCreateAdminArgs = (args: readonly string[]): CreateAdminCommand => {
  const { values, problems } = readOptions(args);
  const checked = signupBody.omit({ password: true }).safeParse(
    Object.fromEntries(
      Object.entries(OPTIONS)
        .filter(([option]) => values.has(option as OptionName))
        .map(([option, field]) => [field, values.get(option as OptionName)]),
    ),
  );
  if (!checked.success) {
    const fieldOption = (field: PropertyKey) => Object.entries(OPTIONS).find(([, f]) => f === field)?.[0] ?? String(field);
    problems.push(...checked.error.issues.map((issue) => `${fieldOption(issue.path[0] ?? '')}: ${issue.message}`));
  }
  if (problems.length > 0 || !checked.success) throw usage(problems);
  const body = checked.data;
  return { email: body.email, firmName: body.company_name, firstName: body.first_name, lastName: body.last_name, timeZone: body.time_zone ?? DEFAULT_TIME_ZONE };
};

const linkLines = async (db: Db, appUrl: string, userId: number) => [
  `Open this link to choose the admin's password (it works once, within ${PASSWORD_RESET_TTL_MS / 3_600_000} hour):`,
  `  ${resetUrl(appUrl, await issueCode(db, userId, 'PASSWORD_RESET'))}`,
  `Then sign in at ${appUrl}/auth/.`,
];

/**
 * Makes the firm and its admin, in one transaction, with the sign-up's own code (trial, starter
 * templates, audit), and answers the lines to print with a set-password link. Run again for the same
 * email and firm, it makes nothing and answers a new link; an email that belongs to anyone else (another
 * firm's admin, a team member, a client) is refused, nothing changed.
 */
export const runCreateAdminCommand = async (db: Db, config: Pick<Config, 'appUrl'>, command: CreateAdminCommand): Promise<string[]> => {
  const existing = await findUserByEmail(db, command.email);
  if (existing) {
    const firm = await findAdminFirmOfUser(db, existing.pk);
    if (!firm) throw new OperatorUsageError(`${command.email} already has a Herd account, and is no firm's admin: nothing was created. Choose another email.`);
    if (firm.name.trim().toLowerCase() !== command.firmName.trim().toLowerCase())
      throw new OperatorUsageError(
        `${command.email} is already the admin of firm ${firm.pk} ("${firm.name}"): nothing was created. Choose another email for "${command.firmName}".`,
      );
    return [`${command.email} is already the admin of firm ${firm.pk} ("${firm.name}"): nothing new was created.`, ...(await linkLines(db, config.appUrl, existing.pk))];
  }
  try {
    return await db.transaction(async (tx) => {
      const userId = await createFirmWithAdmin(
        tx,
        { email: command.email, passwordHash: null, firstName: command.firstName, lastName: command.lastName, companyName: command.firmName, timeZone: command.timeZone },
        'operator',
      );
      const firm = await findAdminFirmOfUser(tx, userId);
      return [`Created firm ${firm!.pk} ("${command.firmName}") and its admin ${command.email}.`, ...(await linkLines(tx, config.appUrl, userId))];
    });
  } catch (err) {
    // Someone signed up with the email between the look-up and the insert.
    if (isUniqueViolation(err)) throw new OperatorUsageError(`${command.email} was just taken by another account: nothing was created. Run the command again.`);
    throw err;
  }
};
