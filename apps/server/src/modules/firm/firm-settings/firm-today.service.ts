import type { Db } from '../../../db/client.js';
import { NotFoundError } from '../../../lib/errors.js';
import { todayIn } from '../../../lib/calendar-days.js';
import { findFirmByPk } from './firm-settings.queries.js';

/** Today's date where the firm works (its time zone setting): what "in the past" and "due" mean for its dates. */
export const firmToday = async (db: Db, firmId: number, now: Date = new Date()): Promise<string> => {
  const firm = await findFirmByPk(db, firmId);
  if (!firm) throw new NotFoundError();
  return todayIn(firm.timeZone, now);
};
