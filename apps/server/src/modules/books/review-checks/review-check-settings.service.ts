import type { z } from 'zod';
import { centsOf, effectiveReviewCheckSettings, fromCents, type reviewCheckSettingsBody } from '@herd/contract';
import type { AppDeps } from '../../../app-deps.js';
import type { Actor } from '../../../kernel/actor.js';
import { writeAudit } from '../../../kernel/audit.queries.js';
import { can } from '../../../kernel/permissions.js';
import type { NoInput } from '../../../lib/service.js';
import { saveReviewCheckSettings, storedReviewCheckSettings } from './review-check-settings.queries.js';

/** `review-check-settings/`: what every client company's checks go by; staff read it (their Review tabs follow it). */
export const getReviewCheckSettings = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, _input: NoInput) => {
  const firmActor = can.workOnClients(actor);
  return effectiveReviewCheckSettings(await storedReviewCheckSettings(db, firmActor.firmId));
};

/**
 * A firm admin turns checks on or off and sets their numbers. The whole effective set is stored, so a later change
 * of a default does not move a firm that chose its numbers. The next run of each company follows it (docs/review-checks.md).
 */
export const updateReviewCheckSettings = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, input: z.infer<typeof reviewCheckSettingsBody>) => {
  const firmActor = can.administerFirm(actor);
  return db.transaction(async (tx) => {
    const current = effectiveReviewCheckSettings(await storedReviewCheckSettings(tx, firmActor.firmId));
    const next = effectiveReviewCheckSettings({ ...current, ...input, checks: { ...current.checks, ...input.checks } });
    // Kept as money is everywhere: two decimals, whatever was typed.
    if (next.receipt_above !== null) next.receipt_above = fromCents(centsOf(next.receipt_above));
    await saveReviewCheckSettings(tx, firmActor.firmId, next);
    await writeAudit(tx, {
      firmId: firmActor.firmId,
      actorUserId: actor.userId,
      action: 'firm.review_checks',
      targetType: 'firm',
      targetPk: firmActor.firmId,
      details: { fields: Object.keys(input) },
    });
    return next;
  });
};
