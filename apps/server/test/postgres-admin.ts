import pg from 'pg';

/** The same server as `url`, another database. */
export const databaseUrl = (url: string, name: string): string => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

const withAdmin = async <T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
};

export const createTemplateDatabase = async (url: string, name: string): Promise<string> => {
  await withAdmin(url, async (c) => {
    await c.query(`DROP DATABASE IF EXISTS "${name}"`);
    await c.query(`CREATE DATABASE "${name}"`);
  });
  return databaseUrl(url, name);
};

export const createDatabaseFromTemplate = async (url: string, name: string, template: string): Promise<string> => {
  await withAdmin(url, (c) => c.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`));
  return databaseUrl(url, name);
};

export const dropDatabase = async (url: string, name: string): Promise<void> => {
  await withAdmin(url, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
};

/** Drops every database whose name starts with `prefix_` (the copies a run made of its template). */
export const dropCopiesOf = async (url: string, prefix: string): Promise<void> => {
  await withAdmin(url, async (c) => {
    const copies = await c.query<{ datname: string }>('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [`${prefix}_`]);
    for (const { datname } of copies.rows) await c.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  });
};
