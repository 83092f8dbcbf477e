/**
 * What PostgreSQL does with the statements a piece of code sends: the statements
 * are captured as node-postgres sends them, then prepared again on a connection
 * of the test's own and explained with the values they were sent with.
 */
import pg from 'pg';

export interface SentStatement {
  name: string | undefined;
  text: string;
  values: unknown[];
}

/** The statements `fn` sent, in order. */
export const statementsSentBy = async (fn: () => Promise<unknown>): Promise<SentStatement[]> => {
  const sent: SentStatement[] = [];
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const config = args[0] as string | { text: string; name?: string; values?: unknown[] };
    const values = (Array.isArray(args[1]) ? args[1] : typeof config === 'object' ? config.values : undefined) ?? [];
    sent.push(typeof config === 'string' ? { name: undefined, text: config, values } : { name: config.name, text: config.text, values });
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pg.Client.prototype.query;
  try {
    await fn();
  } finally {
    pg.Client.prototype.query = original;
  }
  return sent;
};

export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/** Every node of a plan, depth first. */
export const planNodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(planNodes)];

const literal = (value: unknown) => (value === null || value === undefined ? 'null' : `'${String(value).replace(/'/g, "''")}'`);

/**
 * The plan of a statement as it runs: a prepared one's generic plan (the one a
 * connection settles on after its first executions), a one-off's plan for its values.
 */
export const planOf = async (client: pg.Client, statement: SentStatement): Promise<PlanNode> => {
  await client.query('DEALLOCATE ALL');
  await client.query(`PREPARE explained AS ${statement.text}`);
  await client.query(`SET plan_cache_mode = ${statement.name ? 'force_generic_plan' : 'force_custom_plan'}`);
  const args = statement.values.length ? `(${statement.values.map(literal).join(', ')})` : '';
  const result = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`EXPLAIN (FORMAT JSON) EXECUTE explained${args}`);
  return result.rows[0]!['QUERY PLAN'][0].Plan;
};
