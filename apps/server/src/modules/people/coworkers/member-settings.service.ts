import type { Db } from '../../../db/client.js';
import { NotFoundError } from '../../../lib/errors.js';
import type { Actor } from '../../../kernel/actor.js';
import { requireFirmActor } from '../../../kernel/permissions.js';
import { findFirmMember, updateFirmMember } from './coworkers.queries.js';
import { companyAccess } from '../../../kernel/company-access.js';
import type { AppDeps } from '../../../app-deps.js';

/** These settings are a user's own: another member's pk is 404, whatever the role. */
const ownMember = async (db: Db, actor: Actor, memberPk: number) => {
  const firmActor = requireFirmActor(actor);
  if (memberPk !== firmActor.firmMemberId) throw new NotFoundError();
  const member = await findFirmMember(db, firmActor.firmId, memberPk);
  if (!member) throw new NotFoundError();
  return { firmActor, member };
};

const toSettings = (m: { pk: number; defaultClientCompanyId: number | null; tours: unknown }) => ({
  pk: m.pk,
  default_client_company: m.defaultClientCompanyId,
  tours: (m.tours ?? {}) as Record<string, boolean>,
});

export const setDefaultClientCompany = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, { memberPk, companyPk }: { memberPk: number; companyPk: number | null }) => {
  const { firmActor, member } = await ownMember(db, actor, memberPk);
  if (companyPk !== null) await companyAccess(db, firmActor, companyPk, 'accountant');
  await updateFirmMember(db, firmActor.firmId, member.pk, { defaultClientCompanyId: companyPk });
  return toSettings({ ...member, defaultClientCompanyId: companyPk });
};

const TOUR_NAME = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** Records that the user finished (or wants to see again) a product tour. */
export const setTourState = async (
  { db }: Pick<AppDeps, 'db'>,
  actor: Actor,
  { memberPk, tourName, completed }: { memberPk: number; tourName: string; completed: boolean },
) => {
  if (!TOUR_NAME.test(tourName)) throw new NotFoundError();
  const { firmActor, member } = await ownMember(db, actor, memberPk);
  const tours = { ...(member.tours as Record<string, boolean>), [tourName]: completed };
  await updateFirmMember(db, firmActor.firmId, member.pk, { tours });
  return toSettings({ ...member, tours });
};
