import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

/** Both drivers answer `execute` with `{ rows }`; the query builder's type leaves it unknown. */
const rowsOf = async <T>(query: Promise<unknown>): Promise<T[]> => ((await query) as { rows: T[] }).rows;

/** Waits for room under another service's request limit before each request to it. */
export interface RequestWindow {
  /** Resolves once a request to `account` may be sent, having counted it. */
  take(account: string): Promise<void>;
  /**
   * Counts a request if there is room now and answers null; else counts nothing and answers how
   * long until there is (for a window too long to wait in: a day's allowance).
   */
  tryTake?(account: string): Promise<number | null>;
}

export interface SharedRateWindowOptions {
  /** Requests allowed within any `windowMs`. */
  limit: number;
  windowMs: number;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Counts a request if the window has room, in one statement: the row is locked while the times
 * still inside the window are counted and the new one appended, so requests from any number of
 * processes are admitted one at a time against the same count. Times are the database's clock,
 * the one clock every process shares. Answers the time counted, or null when the window is full.
 */
export const admitRequest = async (db: Db, service: string, account: string, limit: number, windowMs: number): Promise<Date | null> => {
  const window = sql`make_interval(secs => ${windowMs / 1000})`;
  const recent = sql`ARRAY(SELECT t FROM unnest(w.sent) AS t WHERE t > clock_timestamp() - ${window} ORDER BY t)`;
  const rows = await rowsOf<{ at: string | Date }>(
    db.execute(sql`
    INSERT INTO request_windows AS w (service, account, sent)
    VALUES (${service}, ${account}, ARRAY[clock_timestamp()])
    ON CONFLICT (service, account) DO UPDATE
      SET sent = ${recent} || clock_timestamp()
      WHERE cardinality(${recent}) < ${limit}
    RETURNING w.sent[cardinality(w.sent)] AS at`),
  );
  const at = rows[0]?.at;
  return at === undefined ? null : new Date(at);
};

/** How long until the oldest request counted in the window leaves it (at least 1 ms). */
export const msUntilRoom = async (db: Db, service: string, account: string, windowMs: number): Promise<number> => {
  const rows = await rowsOf<{ ms: string | number | null }>(
    db.execute(sql`
    SELECT extract(epoch FROM min(t) + make_interval(secs => ${windowMs / 1000}) - clock_timestamp()) * 1000 AS ms
    FROM request_windows AS w, unnest(w.sent) AS t
    WHERE w.service = ${service} AND w.account = ${account}`),
  );
  const ms = Number(rows[0]?.ms ?? 0);
  return Math.max(1, Math.ceil(ms));
};

/**
 * A rolling window per account kept in the database (`request_windows`), so that all API and
 * worker processes together stay within the service's limit, as one process alone would.
 */
export class SharedRateWindow implements RequestWindow {
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(
    private readonly db: Db,
    private readonly service: string,
    private readonly options: SharedRateWindowOptions,
  ) {
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  async take(account: string): Promise<void> {
    await this.takeAt(account);
  }

  async tryTake(account: string): Promise<number | null> {
    const { limit, windowMs } = this.options;
    if (await admitRequest(this.db, this.service, account, limit, windowMs)) return null;
    return msUntilRoom(this.db, this.service, account, windowMs);
  }

  /** Like take, answering when (by the database's clock) the request was counted. */
  async takeAt(account: string): Promise<Date> {
    const { limit, windowMs } = this.options;
    for (;;) {
      const at = await admitRequest(this.db, this.service, account, limit, windowMs);
      if (at) return at;
      await this.sleep(await msUntilRoom(this.db, this.service, account, windowMs));
    }
  }
}
