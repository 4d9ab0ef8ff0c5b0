/**
 * The reference `npm run bench:submissions` sets beside the service's HTTP figure: Express with exactly the service's
 * common middleware (request id and log line, metrics, security headers, charset and NUL checks, the JSON body) and
 * the logger at the service's level into /dev/null, answering POST /api/games/:id/orders with the body the service
 * answers a submission with, without a database. `node bin/run-ts.js bench/bare-express.ts PORT ANSWER_JSON`; it
 * prints `ready` once it listens.
 */
import express from 'express';
import { pino } from 'pino';
import { createLogger } from '../src/log.ts';
import { useCommonMiddleware } from '../src/web/app.ts';
import { createMetrics } from '../src/web/metrics.ts';

const [port, answer] = process.argv.slice(2);
const body = JSON.parse(answer ?? '{}') as unknown;
const app = express();
app.disable('x-powered-by');
const logger = createLogger({ logLevel: 'info' }, pino.destination({ dest: '/dev/null', sync: false }));
useCommonMiddleware(app, { logger, metrics: createMetrics(), secure: false, bodyLimitKb: 512 });
app.post('/api/games/:id/orders', (_req, res) => {
  res.json(body);
});
app.listen(Number(port), '127.0.0.1', () => console.log('ready'));
process.on('SIGTERM', () => process.exit(0));
