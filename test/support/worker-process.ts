/**
 * A turn-queue worker in a process of its own, for the tests and benchmarks
 * that need several service instances against one PostgreSQL database — and
 * one to kill in the middle of a resolution.
 *
 *     DATABASE_URL=postgres://… node bin/run-ts.js test/support/worker-process.ts [--workers N] [--poll-ms MS]
 *
 * Options also come from the environment: WORKERS, POLL_INTERVAL_MS; and
 * SECRET_KEY, as for the service (else the key kept in the database);
 * PUBLIC_URL and MAIL_DOMAIN, for the links and addresses in mails.
 * MSC_TEST_PAUSE_FILE=<path> installs a hook inside the resolution
 * transaction (after the results are computed, before they are written)
 * that writes `<gameId> <turn>` to that file and then waits forever, so that
 * a test can SIGKILL the process with the transaction open.
 *
 * Standard output, one line each (the parent reads them):
 *     ready <pid> <workers> <cpuMs>  the workers are listening and polling
 *     resolved <gameId> <turn> <w>   worker w committed that turn's resolution
 *     stopped <cpuMs>                after SIGTERM, once every worker is stopped
 * (cpuMs: the CPU time the process has used so far, for benchmarks.)
 * Errors are logged as JSON on standard error.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { openDatabase } from '../../src/db/client.ts';
import { systemClock } from '../../src/games/clock.ts';
import { loadServiceKey } from '../../src/games/service-key.ts';
import { mailComposer } from '../../src/mail/compose.ts';
import type { GamesContext, ServiceHooks } from '../../src/games/context.ts';
import { TurnWorker } from '../../src/games/turns/worker.ts';
import { createLogger } from '../../src/log.ts';

const { values } = parseArgs({
  options: {
    workers: { type: 'string', default: process.env.WORKERS ?? '1' },
    'poll-ms': { type: 'string', default: process.env.POLL_INTERVAL_MS ?? '250' },
    batch: { type: 'string' },
  },
});
const workerCount = Number(values.workers);
const pollMs = Number(values['poll-ms']);
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl || !Number.isInteger(workerCount) || workerCount < 1 || !(pollMs > 0)) {
  process.stderr.write('usage: DATABASE_URL=postgres://… worker-process.ts [--workers N ≥ 1] [--poll-ms MS > 0]\n');
  process.exit(2);
}

const logger = createLogger({ logLevel: 'warn' }, pino.destination(2));
const batch = values.batch === undefined ? undefined : Number(values.batch);
const pauseFile = process.env.MSC_TEST_PAUSE_FILE;
/** The resolution to pause in (1 = the first): a later one pauses a batch half way, its first turns resolved. */
const pauseAt = Number(process.env.MSC_TEST_PAUSE_AT ?? 1);
let resolutions = 0;
const hooks: ServiceHooks = pauseFile
  ? {
      async insideResolution(gameId, turn) {
        if (++resolutions < pauseAt) return;
        // Written synchronously, so the file is complete before the test sees it.
        writeFileSync(pauseFile, `${gameId} ${turn}\n`);
        await new Promise<never>(() => undefined);
      },
    }
  : {};

const database = await openDatabase({ databaseUrl, dataDir: '' }, { logger });
const ctx: GamesContext = {
  db: database.db,
  clock: systemClock,
  logger,
  publicUrl: process.env.PUBLIC_URL ?? 'http://127.0.0.1:8080',
  mailDomain: process.env.MAIL_DOMAIN ?? 'pbem.test',
  serviceKey: await loadServiceKey(database.db, process.env.SECRET_KEY),
  mail: mailComposer,
  hooks,
};

const workers = Array.from(
  { length: workerCount },
  (_, w) =>
    new TurnWorker(ctx, database, {
      pollMs,
      ...(batch === undefined ? {} : { batch }),
      // stdout to a pipe is synchronous on Linux: the line is out before the next claim.
      onResolved: (r) => process.stdout.write(`resolved ${r.gameId} ${r.turn} ${w}\n`),
    }),
);
await Promise.all(workers.map((w) => w.start()));
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return Math.round((user + system) / 1000);
};
process.stdout.write(`ready ${process.pid} ${workerCount} ${cpuMs()}\n`);

let stopping = false;
process.on('SIGTERM', () => {
  if (stopping) return;
  stopping = true;
  // A worker held by the pause hook never stops: give up on it after a while.
  const giveUp = setTimeout(() => process.exit(1), 5_000);
  void Promise.all(workers.map((w) => w.stop()))
    .then(() => database.close())
    .then(() => {
      clearTimeout(giveUp);
      process.stdout.write(`stopped ${cpuMs()}\n`);
      process.exit(0);
    });
});
