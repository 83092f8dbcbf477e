import { and, eq } from 'drizzle-orm';
import { formatTin, parseTin, type W9FormAnswer } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { communicationW9s } from '../../../db/schema/index.js';
import { ForbiddenError, NotFoundError } from '../../../lib/errors.js';
import { createSecretBox, type SecretBox } from '../../../lib/secret-box.js';
import { writeAudit } from '../../../kernel/audit.queries.js';
import type { Actor } from '../../../kernel/actor.js';
import { isFirmActor } from '../../../kernel/permissions.js';
import { communicationAccess } from './communication-scope.service.js';
import type { AppDeps } from '../../../app-deps.js';

/**
 * The row a W-9 answer writes. The TIN is sealed with the app's secret (as
 * ledger tokens are) and only its last four digits are kept readable, for
 * the masked form every answer shows. A signed form replaces a typed one and
 * the other way round: the newest answer is the W-9.
 */
export const w9Values = (box: SecretBox, answer: { form: W9FormAnswer } | { signedFormPk: number }, actorPk: number) => {
  const blank = {
    legalName: '',
    businessName: '',
    taxClassification: null,
    addressLine: '',
    city: '',
    state: '',
    postalCode: '',
    tinKind: null,
    tinEnc: null,
    tinLast4: null,
  };
  if ('signedFormPk' in answer) return { ...blank, signedFormFileId: answer.signedFormPk, submittedBy: actorPk, submittedAt: new Date() };
  const { form } = answer;
  const digits = parseTin(form.tin, form.tin_kind)!; // the contract's schema refused any other
  return {
    legalName: form.legal_name,
    businessName: form.business_name,
    taxClassification: form.tax_classification,
    addressLine: form.address_line,
    city: form.city,
    state: form.state,
    postalCode: form.postal_code,
    tinKind: form.tin_kind,
    tinEnc: box.seal(digits),
    tinLast4: digits.slice(-4),
    signedFormFileId: null,
    submittedBy: actorPk,
    submittedAt: new Date(),
  };
};

export const saveW9 = async (tx: Db, communicationPk: number, values: ReturnType<typeof w9Values>) =>
  tx
    .insert(communicationW9s)
    .values({ communicationId: communicationPk, ...values })
    .onConflictDoUpdate({ target: communicationW9s.communicationId, set: values });

/**
 * The whole TIN of a W-9, for the firm's staff who can see the company: a
 * client (who typed it) gets 403, anyone outside 404. Every reveal is written
 * to the audit log (who, which W-9, which kind of number; never the number).
 */
export const revealTin = async ({ db, config }: Pick<AppDeps, 'db' | 'config'>, actor: Actor, { communicationPk }: { communicationPk: number }) => {
  const { scope, communication } = await communicationAccess(db, actor, communicationPk);
  if (!isFirmActor(actor)) throw new ForbiddenError('Only the firm’s staff can see a whole TIN.');
  const [w9] = await db
    .select()
    .from(communicationW9s)
    .where(and(eq(communicationW9s.communicationId, communication.pk)));
  if (!w9?.tinEnc || !w9.tinKind) throw new NotFoundError('This communication holds no typed W-9 TIN.');
  // W-9 TINs are sealed with the app's secret, as ledger tokens are.
  const tin = formatTin(createSecretBox(config.secretKey).open(w9.tinEnc), w9.tinKind);
  await writeAudit(db, {
    firmId: scope.home.firmId,
    actorUserId: actor.userId,
    action: 'communication.w9_reveal',
    targetType: 'communication',
    targetPk: communication.pk,
    details: { tin_kind: w9.tinKind },
  });
  return { communication: communication.pk, tin_kind: w9.tinKind, tin };
};
