import type { z } from 'zod';
import type { firmSettingsBody } from '@herd/contract';
import { NotFoundError, ValidationError } from '../../../lib/errors.js';
import { IMAGE_TYPES } from '../../../lib/sniff.js';
import { writeAudit } from '../../../kernel/audit.queries.js';
import type { Actor } from '../../../kernel/actor.js';
import { can } from '../../../kernel/permissions.js';
import { fileUrlOrNull, findFile } from '../../platform/stored-files/stored-files.face.js';
import { findFirmByPk, updateFirm } from './firm-settings.queries.js';
import type { AppDeps } from '../../../app-deps.js';
import type { NoInput } from '../../../lib/service.js';

type FirmRow = NonNullable<Awaited<ReturnType<typeof findFirmByPk>>>;

const toFirmSettings = (firm: FirmRow) => ({
  pk: firm.pk,
  company_name: firm.companyName,
  main_color: firm.mainColor,
  logo: fileUrlOrNull(firm.logoFileId),
  logo_file: firm.logoFileId,
  time_zone: firm.timeZone,
  reminder_weekday: firm.reminderWeekday,
  reminder_escalate_after: firm.reminderEscalateAfter,
});

export const getFirmSettings = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, _input: NoInput) => {
  const firmActor = can.workOnClients(actor);
  const firm = await findFirmByPk(db, firmActor.firmId);
  if (!firm) throw new NotFoundError();
  return toFirmSettings(firm);
};

/**
 * Branding (the firm's name, colour and logo, shown to its staff and clients and in its emails) and its
 * time zone, which its recurring requests follow: a change moves when each next date begins, never which dates.
 * Also the day its clients are reminded of open work and after how many unanswered reminders it is told (docs/reminders.md).
 */
export const updateFirmSettings = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, input: z.infer<typeof firmSettingsBody>) => {
  const firmActor = can.administerFirm(actor);
  // A PATCH that names no field changes nothing (and writes no audit entry): the settings as they are.
  if (Object.keys(input).length === 0) return getFirmSettings({ db }, actor, {});
  if (input.logo !== undefined && input.logo !== null) {
    const file = await findFile(db, firmActor.firmId, input.logo);
    // Another firm's file reads as "not valid", never as "exists elsewhere".
    if (!file || file.firmId !== firmActor.firmId || file.clientCompanyId !== null) throw ValidationError.field('logo', 'Logo is not valid.');
    if (!IMAGE_TYPES.has(file.contentType)) throw ValidationError.field('logo', 'Logo must be a PNG, JPEG, GIF or WebP image.');
  }
  const firm = await db.transaction(async (tx) => {
    const updated = await updateFirm(tx, firmActor.firmId, {
      companyName: input.company_name,
      mainColor: input.main_color === undefined ? undefined : (input.main_color?.toLowerCase() ?? null),
      logoFileId: input.logo,
      timeZone: input.time_zone,
      reminderWeekday: input.reminder_weekday,
      reminderEscalateAfter: input.reminder_escalate_after,
    });
    await writeAudit(tx, {
      firmId: firmActor.firmId,
      actorUserId: actor.userId,
      action: 'firm.settings',
      targetType: 'firm',
      targetPk: firmActor.firmId,
      details: { fields: Object.keys(input) },
    });
    return updated;
  });
  return toFirmSettings(firm);
};
