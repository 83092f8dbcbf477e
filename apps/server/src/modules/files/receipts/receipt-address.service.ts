import { randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { ReceiptAddresses } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { clientCompanies, clientMemberships, users } from '../../../db/schema/index.js';
import { ForbiddenError } from '../../../lib/errors.js';
import type { Actor } from '../../../kernel/actor.js';
import { isFirmActor } from '../../../kernel/permissions.js';
import type { AppDeps } from '../../../app-deps.js';
import type { NoInput } from '../../../lib/service.js';

/**
 * A client user's personal receipts address: `receipts+<token>@INBOUND_DOMAIN`
 * files into their company (the first they joined, when they have several),
 * `receipts+<token>-<companyPk>@…` into that one company. The token is 160
 * random bits in lower-case hex, made the first time the person asks for their
 * address; it names the person and nothing else, so it cannot be guessed or
 * turned into another's.
 */
export const RECEIPTS_PREFIX = 'receipts';
const TOKEN = /^([0-9a-f]{40})(?:-(\d{1,10}))?$/;

export const parseReceiptsToken = (token: string): { token: string; companyPk: number | null } | null => {
  const match = TOKEN.exec(token.toLowerCase());
  return match ? { token: match[1]!, companyPk: match[2] === undefined ? null : Number(match[2]) } : null;
};

/** The person's token, made now if they had none (two requests at once agree on the first one written). */
const ensureToken = async (db: Db, userPk: number) => {
  const fresh = randomBytes(20).toString('hex');
  const [row] = await db
    .update(users)
    .set({ receiptsToken: sql`coalesce(${users.receiptsToken}, ${fresh})` })
    .where(eq(users.pk, userPk))
    .returning({ token: users.receiptsToken });
  return row!.token!;
};

/** The companies of a client user in their firm, first joined first: the first is where their plain address files. */
export const companiesOfClient = (db: Db, firmId: number, userPk: number) =>
  db
    .select({ pk: clientCompanies.pk, name: clientCompanies.name })
    .from(clientMemberships)
    .innerJoin(clientCompanies, eq(clientCompanies.pk, clientMemberships.clientCompanyId))
    .where(and(eq(clientMemberships.userId, userPk), eq(clientCompanies.firmId, firmId)))
    .orderBy(asc(clientMemberships.createdAt), asc(clientMemberships.pk));

/** The user whose receipts address carries this token. */
export const findUserByReceiptsToken = async (db: Db, token: string) => {
  const [row] = await db.select({ pk: users.pk }).from(users).where(eq(users.receiptsToken, token));
  return row?.pk ?? null;
};

/** A client's own receipts addresses, for their settings screen (staff have none: they upload, or use a client's). */
export const receiptAddressesOf = async ({ db, config }: Pick<AppDeps, 'db' | 'config'>, actor: Actor, _input: NoInput): Promise<ReceiptAddresses> => {
  if (isFirmActor(actor) || actor.firmId === null) throw new ForbiddenError('Receipts addresses belong to client users.');
  const token = await ensureToken(db, actor.userId);
  const companies = await companiesOfClient(db, actor.firmId, actor.userId);
  const at = `@${config.inbound.domain}`;
  return {
    address: `${RECEIPTS_PREFIX}+${token}${at}`,
    default_company: companies[0] ?? null,
    companies: companies.map((c) => ({ ...c, address: `${RECEIPTS_PREFIX}+${token}-${c.pk}${at}` })),
    text_number: config.sms.from,
  };
};
