/**
 * The references `npm run bench:submissions` sets beside the service's HTTP figure: Express with exactly the service's
 * common middleware (request id and log line, metrics, security headers, charset and NUL checks, the JSON body) and
 * the logger at the service's level into /dev/null, answering POST /api/games/:id/orders with the body the service
 * answers a submission with.
 *
 *   `node bin/run-ts.js bench/bare-express.ts PORT ANSWER_JSON`: without a database.
 *   `… PORT ANSWER_JSON DATABASE_URL`: and the submission's own statements, through node-postgres alone (a pool of
 *   the service's size, pipelined as the service's): BEGIN written with the lock, the store with COMMIT, their
 *   parameters from the database's bench_targets (the seat's orders as stored) and the token's hash. Nothing else a
 *   submission does (the orders and the position read and checked, the service's own database layer, the answer's
 *   making): the floor of this stack — Express and node-postgres — for the service's work on this machine.
 *
 * It prints `ready` once it listens.
 */
import express from 'express';
import pg from 'pg';
import { pino } from 'pino';
import { sha256Hex } from '../src/games/secrets.ts';
import { lockForSubmission, storeSubmissionDue } from '../src/games/turns/orders.ts';
import { createLogger } from '../src/log.ts';
import { useCommonMiddleware } from '../src/web/app.ts';
import { createMetrics } from '../src/web/metrics.ts';

const [port, answer, databaseUrl] = process.argv.slice(2);
const body = JSON.parse(answer ?? '{}') as unknown;
const app = express();
app.disable('x-powered-by');
const logger = createLogger({ logLevel: 'info' }, pino.destination({ dest: '/dev/null', sync: false }));
useCommonMiddleware(app, { logger, metrics: createMetrics(), secure: false, bodyLimitKb: 512 });

if (databaseUrl) {
  // The service's pool for a web process: 10 connections, pipelined (src/db/client.ts).
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, pipeline: true });
  type Target = { seat_id: string; orders: string; text: string; digest: string };
  const rows = (
    await pool.query<Target & { game_id: string }>('select game_id, seat_id, orders, text, digest from bench_targets')
  ).rows;
  const targets = new Map(rows.map((r) => [r.game_id, r]));
  const named = (statement: { statementName: string; text: string }, values: unknown[]) => ({
    name: statement.statementName,
    text: statement.text,
    values,
  });
  app.post('/api/games/:id/orders', async (req, res) => {
    const gameId = String(req.params.id);
    const target = targets.get(gameId);
    if (!target) {
      res.status(404).json({ error: { code: 'NO_SUCH_GAME' } });
      return;
    }
    const tokenHash = sha256Hex((req.headers.authorization ?? '').replace(/^Bearer /, ''));
    const client = await pool.connect();
    try {
      // Each pair written at once: one round trip for BEGIN and the lock, one for the store and COMMIT.
      await Promise.all([client.query('begin'), client.query(named(lockForSubmission, [gameId, tokenHash]))]);
      const store = named(storeSubmissionDue, [
        gameId,
        1,
        target.seat_id,
        new Date().toISOString(),
        'api',
        target.text,
        target.orders,
        null,
        tokenHash,
        ['black', 'grey'],
        target.digest,
      ]);
      await Promise.all([client.query(store), client.query('commit')]);
    } finally {
      client.release();
    }
    res.json(body);
  });
} else {
  app.post('/api/games/:id/orders', (_req, res) => {
    res.json(body);
  });
}
app.listen(Number(port), '127.0.0.1', () => console.log('ready'));
process.on('SIGTERM', () => process.exit(0));
