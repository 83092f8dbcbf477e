/** Quiet hours as a person sets them: "HH:MM" to "HH:MM", read in each device's own zone. */
export interface QuietHours {
  start: string;
  end: string;
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The time of day at `at` in a zone, in minutes since its midnight. */
const localMinutes = (at: Date, timeZone: string) => {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return part('hour') * 60 + part('minute');
};

/**
 * Whether a device is in its person's quiet hours: from `start` (included) until `end` (excluded),
 * over midnight when `end` comes first ("22:00" to "07:00"). The same start and end is no quiet time.
 */
export const isQuietAt = (at: Date, timeZone: string, quiet: QuietHours | null): boolean => {
  if (!quiet) return false;
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  if (start === end) return false;
  const now = localMinutes(at, timeZone);
  return start < end ? now >= start && now < end : now >= start || now < end;
};
