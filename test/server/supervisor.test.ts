/**
 * `msc serve --web N --workers N --mail N` at start: a warning when its processes may open more connections than the
 * PostgreSQL server takes (each its pool of DATABASE_POOL_SIZE, and one that listens).
 */
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.ts';
import { checkConnections, SEMI_SPACE_FLAG, serviceExecArgv } from '../../src/server/supervisor.ts';
import { createLogger } from '../../src/log.ts';
import { databaseKinds, freshDatabase, type TestDatabase } from '../support/db.ts';

describe.skipIf(!databaseKinds.includes('postgres'))('the processes’ connections', () => {
  let database: TestDatabase;
  let maxConnections: number;
  beforeEach(async () => {
    database = await freshDatabase('postgres');
    const { rows } = await database.db.execute(sql`select current_setting('max_connections')::int as max`);
    maxConnections = Number(rows[0]!.max);
  });
  afterEach(() => database.drop());

  /** The warnings checkConnections logs for these processes, each with a pool of `poolSize`. */
  async function warnings(processes: number, poolSize: number): Promise<string[]> {
    const lines: string[] = [];
    const logger = createLogger(loadConfig({ LOG_LEVEL: 'warn' }), { write: (line: string) => lines.push(line) });
    const config = loadConfig({ DATABASE_POOL_SIZE: String(poolSize) });
    await checkConnections(database, config, { web: processes, workers: 0, mail: 0 }, logger);
    return lines.map((l) => (JSON.parse(l) as { msg: string }).msg);
  }

  it('warns when the processes may open more than max_connections, naming what to change', async () => {
    // One connection over: each process has its pool and one that listens.
    const poolSize = Math.floor(maxConnections / 2);
    expect(await warnings(2, poolSize)).toEqual([
      expect.stringMatching(
        new RegExp(`^2 processes may open up to ${2 * (poolSize + 1)} .* takes ${maxConnections} .*DATABASE_POOL_SIZE`),
      ),
    ]);
  });

  it('says nothing when they fit', async () => {
    expect(await warnings(2, Math.floor(maxConnections / 2) - 1)).toEqual([]);
  });

  it('counts each role at its own default pool: 20 for a mail process, 10 for a web or worker process', async () => {
    const lines: string[] = [];
    const logger = createLogger(loadConfig({ LOG_LEVEL: 'warn' }), { write: (line: string) => lines.push(line) });
    const config = loadConfig({});
    // --web 3 --workers 2 --mail 1: 5 × (10 + 1) + (20 + 1) = 76 connections, under PostgreSQL's default 100.
    const counts = { web: 3, workers: 2, mail: 1 };
    await checkConnections(database, config, counts, logger);
    if (maxConnections >= 76) expect(lines).toEqual([]);
    lines.length = 0;
    // As many processes again, web only, past the server's limit: named with the sum of the defaults.
    const many = { web: Math.ceil(maxConnections / 11) + 1, workers: 0, mail: 1 };
    await checkConnections(database, config, many, logger);
    const sum = many.web * 11 + 21;
    expect(lines.map((l) => (JSON.parse(l) as { msg: string }).msg)).toEqual([
      expect.stringMatching(new RegExp(`may open up to ${sum} .* takes ${maxConnections} `)),
    ]);
  });
});

describe('the options of the processes the supervisor starts', () => {
  it('adds a 32 MB semi-space to its own options', () => {
    expect(serviceExecArgv(['--enable-source-maps'], undefined)).toEqual(['--enable-source-maps', SEMI_SPACE_FLAG]);
    expect(SEMI_SPACE_FLAG).toBe('--max-semi-space-size=32');
  });

  it('keeps the size the operator chose, in the command’s options or in NODE_OPTIONS', () => {
    expect(serviceExecArgv(['--max-semi-space-size=64'], undefined)).toEqual(['--max-semi-space-size=64']);
    expect(serviceExecArgv([], '--max_semi_space_size=8 --trace-warnings')).toEqual([]);
  });
});
