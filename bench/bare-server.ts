/**
 * The bare floor under Herd's lists: a Fastify route per list that sends exactly the statements
 * Herd's list sends (noted from Herd's own code, with their values and prepared names) and answers
 * their rows through `JSON.stringify`: no session, no permissions, no shaping of the rows. It runs
 * in its own process, as Herd's API does, with the same pool size, so Herd ÷ bare is what Herd's own
 * layers cost. Started by bench/floor.ts.
 */
import Fastify from 'fastify';
import pg from 'pg';
import type { NotedStatement } from './statements.js';

const POOL_SIZE = 10;

const main = () => {
  const pool = new pg.Pool({ connectionString: process.env.BARE_DATABASE_URL, max: POOL_SIZE });
  process.once('message', (msg: { type: 'routes'; routes: Record<string, NotedStatement[]> }) => {
    const app = Fastify({ logger: false });
    app.get<{ Params: { key: string } }>('/bare/:key', async (request, reply) => {
      const statements = msg.routes[request.params.key];
      if (!statements) return reply.code(404).send('{}');
      const client = await pool.connect();
      try {
        const results: unknown[] = [];
        // One after the other on one connection, as Herd's list sends them.
        for (const statement of statements) results.push((await client.query(statement)).rows);
        return reply.type('application/json').send(JSON.stringify(results));
      } finally {
        client.release();
      }
    });
    void app.listen({ port: 0, host: '127.0.0.1' }).then(() => {
      const address = app.server.address();
      process.send!({ type: 'ready', port: typeof address === 'object' && address ? address.port : 0 });
    });
    process.on('message', (stop: { type: string }) => {
      if (stop.type === 'stop') void app.close().then(() => pool.end().then(() => process.exit(0)));
    });
  });
};

main();
