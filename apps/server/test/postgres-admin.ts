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
