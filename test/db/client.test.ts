/**
 * Opening, closing, and LISTEN/NOTIFY on both databases.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { commitWithNext, describeServer, IN_MEMORY, openDatabase } from '../../src/db/client.ts';
import { migrate } from '../../src/db/migrate.ts';
import { notifyStatement } from '../../src/db/notifications.ts';
import { games } from '../../src/db/schema.ts';
import { databaseKinds, freshDatabase, testServerUrl, writesDuring, type TestDatabase } from '../support/db.ts';

/** Resolves when `predicate` holds, polling; fails after `ms`. */
async function eventually(predicate: () => boolean, ms = 5_000): Promise<void> {
  const until = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

describe.each(databaseKinds)('a %s database', (kind) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await freshDatabase(kind);
  });
  afterEach(() => database.drop());

  it('says which kind it is', () => {
    expect(database.kind).toBe(kind);
  });

  it('gives execute() results as rows on either driver', async () => {
    const result = await database.db.execute<{ answer: number }>(sql`select 42::int as answer`);
    expect(result.rows).toEqual([{ answer: 42 }]);
  });

  it('rolls a failed transaction back entirely', async () => {
    const attempt = database.db.transaction(async (tx) => {
      await tx.insert(games).values({
        id: 'gone',
        ruleset: 'msc-tactical',
        name: 'Gone',
        diceState: 'd',
        seed: 's',
        seedCommitment: 'c',
        moderatorTokenHash: 'm',
      });
      throw new Error('a later step failed');
    });
    await expect(attempt).rejects.toThrow('a later step failed');
    expect(await database.db.select().from(games)).toEqual([]);
  });

  it('delivers a notification to a listener on its channel only', async () => {
    const wake: string[] = [];
    const other: string[] = [];
    await database.listen('turn_due', (payload) => wake.push(payload));
    await database.listen('outbox_ready', (payload) => other.push(payload));
    await database.notify('turn_due', 'orion-7');
    await eventually(() => wake.length === 1);
    await settle();
    expect(wake).toEqual(['orion-7']);
    expect(other).toEqual([]);
  });

  it('delivers a notification sent in a transaction only when it commits', async () => {
    const heard: string[] = [];
    await database.listen('turn_due', (payload) => heard.push(payload));
    await database.db
      .transaction(async (tx) => {
        await tx.execute(notifyStatement('turn_due', 'rolled-back'));
        tx.rollback();
      })
      .catch(() => undefined);
    await database.db.transaction(async (tx) => {
      await tx.execute(notifyStatement('turn_due', 'committed'));
    });
    await eventually(() => heard.length > 0);
    await settle();
    expect(heard).toEqual(['committed']);
  });

  it('stops delivering after unlisten, and other listeners keep theirs', async () => {
    const first: string[] = [];
    const second: string[] = [];
    const stopFirst = await database.listen('turn_due', (payload) => first.push(payload));
    await database.listen('turn_due', (payload) => second.push(payload));
    await stopFirst();
    await database.notify('turn_due', 'after');
    await eventually(() => second.length === 1);
    await settle();
    expect(first).toEqual([]);
  });

  it('keeps delivering to other listeners when one throws', async () => {
    const heard: string[] = [];
    await database.listen('turn_due', () => {
      throw new Error('a broken listener');
    });
    await database.listen('turn_due', (payload) => heard.push(payload));
    await database.notify('turn_due', 'one');
    await database.notify('turn_due', 'two');
    await eventually(() => heard.length === 2);
    expect(heard).toEqual(['one', 'two']);
  });

  it('refuses a channel name that is not a lower-case identifier (a bug, not user input)', async () => {
    await expect(database.listen('Turn-Due', () => undefined)).rejects.toThrow(/lower-case identifier/);
    await expect(database.notify('x; drop table games', '')).rejects.toThrow(/lower-case identifier/);
  });
});

describe.runIf(databaseKinds.includes('postgres'))('a PostgreSQL transaction', () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await freshDatabase('postgres');
  });
  afterEach(() => database.drop());

  const writes = async (fn: () => Promise<unknown>) => (await writesDuring(database, fn)).writes;

  it('opens at most DATABASE_POOL_SIZE connections; unless told, 20 with the mail role (more than the 16 mails the receiver handles at once), else 10', async () => {
    expect(database.kind === 'postgres' && database.pool.options.max).toBe(20);
    const url = new URL(testServerUrl);
    for (const [roles, max] of [
      [['web', 'workers'], 10],
      [['mail'], 20],
    ] as const) {
      const opened = await openDatabase({ databaseUrl: url.toString(), dataDir: '', roles: [...roles] });
      try {
        expect(opened.kind === 'postgres' && opened.pool.options.max).toBe(max);
      } finally {
        await opened.close();
      }
    }
    const small = await openDatabase({ databaseUrl: url.toString(), dataDir: '', databasePoolSize: 2 });
    try {
      expect(small.kind === 'postgres' && small.pool.options.max).toBe(2);
    } finally {
      await small.close();
    }
  });

  it('writes its BEGIN with its first statement: two writes for a one-statement transaction, and it is still one', async () => {
    const row = {
      id: 'held',
      ruleset: 'msc-tactical' as const,
      name: 'Held',
      diceState: 'd',
      seed: 's',
      seedCommitment: 'c',
      moderatorTokenHash: 'm',
    };
    let seenMeanwhile: unknown[] = [];
    const count = await writes(() =>
      database.db.transaction(async (tx) => {
        await tx.insert(games).values(row);
        // Another connection does not see the row before COMMIT: the insert ran inside the transaction.
        seenMeanwhile = await database.db.select().from(games);
      }),
    );
    // BEGIN + INSERT in one write, COMMIT in another (the other connection's select is its own).
    expect(count).toBe(3);
    expect(seenMeanwhile).toEqual([]);
    expect((await database.db.select().from(games)).map((g) => g.id)).toEqual(['held']);
  });

  const gameRow = (id: string) => ({
    id,
    ruleset: 'msc-tactical' as const,
    name: id,
    diceState: 'd',
    seed: 's',
    seedCommitment: 'c',
    moderatorTokenHash: 'm',
  });

  it('commits with its last statement when asked: the whole transaction in one write', async () => {
    let asked = false;
    const count = await writes(() =>
      database.db.transaction(async (tx) => {
        asked = commitWithNext(tx);
        await tx.insert(games).values(gameRow('ahead'));
      }),
    );
    expect(asked).toBe(true);
    expect(count).toBe(1);
    expect((await database.db.select().from(games)).map((g) => g.id)).toEqual(['ahead']);
  });

  it('refuses a statement sent after the COMMIT it wrote, and what came before stays committed', async () => {
    const late = database.db.transaction(async (tx) => {
      commitWithNext(tx);
      await tx.insert(games).values(gameRow('first'));
      await tx.insert(games).values(gameRow('late'));
    });
    await expect(late).rejects.toMatchObject({
      cause: { message: expect.stringMatching(/after its transaction's COMMIT/) },
    });
    expect((await database.db.select().from(games)).map((g) => g.id)).toEqual(['first']);
  });

  it('writes nothing when the statement it commits with fails, and is not asked inside a savepoint', async () => {
    const failing = database.db.transaction(async (tx) => {
      await tx.insert(games).values(gameRow('before'));
      commitWithNext(tx);
      await tx.execute(sql`select 1 / 0`);
    });
    await expect(failing).rejects.toMatchObject({ cause: { code: '22012' } });
    expect(await database.db.select().from(games)).toEqual([]);
    const nested = await database.db.transaction((tx) => tx.transaction(async (inner) => commitWithNext(inner)));
    expect(nested).toBe(false);
  });

  it("writes a savepoint's SAVEPOINT with its first statement and its RELEASE with the next: no write of their own", async () => {
    const count = await writes(() =>
      database.db.transaction(async (tx) => {
        await tx.insert(games).values(gameRow('outer'));
        await tx.transaction(async (inner) => {
          await inner.insert(games).values(gameRow('inner'));
        });
        await tx.insert(games).values(gameRow('after'));
      }),
    );
    // BEGIN + insert, SAVEPOINT + insert, RELEASE + insert, COMMIT.
    expect(count).toBe(4);
    expect((await database.db.select().from(games)).map((g) => g.id).sort()).toEqual(['after', 'inner', 'outer']);
  });

  it('rolls a savepoint back to where it began, held SAVEPOINT or not, and the transaction goes on', async () => {
    await database.db.transaction(async (tx) => {
      await tx.insert(games).values(gameRow('kept'));
      // A savepoint that fails before it has written anything, and one that fails after.
      await expect(
        tx.transaction(async () => {
          throw new Error('nothing written');
        }),
      ).rejects.toThrow('nothing written');
      await expect(
        tx.transaction(async (inner) => {
          await inner.insert(games).values(gameRow('undone'));
          await inner.execute(sql`select 1 / 0`);
        }),
      ).rejects.toMatchObject({ cause: { code: '22012' } });
      await tx.insert(games).values(gameRow('later'));
    });
    expect((await database.db.select().from(games)).map((g) => g.id).sort()).toEqual(['kept', 'later']);
  });

  it('fails the COMMIT written with a RELEASE that failed, rather than let the server roll back in silence', async () => {
    const swallowed = database.db.transaction(async (tx) => {
      await tx.insert(games).values(gameRow('lost'));
      await tx.transaction(async (inner) => {
        // The error is swallowed, but the server has aborted the transaction: its RELEASE fails.
        await inner.execute(sql`select 1 / 0`).catch(() => undefined);
      });
    });
    await expect(swallowed).rejects.toMatchObject({ cause: { code: '25P02' } });
    expect(await database.db.select().from(games)).toEqual([]);
    const next = await database.db.transaction(async (tx) => (await tx.execute(sql`select 1 as one`)).rows);
    expect(next).toEqual([{ one: 1 }]);
  });

  it('fails whole when its first statement fails, and its connection serves the next transaction', async () => {
    const failing = database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 / 0`);
    });
    await expect(failing).rejects.toMatchObject({ cause: { code: '22012' } });
    // The same connection (the pool has made one), its transaction ended (or this would fail: "current transaction is
    // aborted"): the next one runs.
    const next = await database.db.transaction(async (tx) => (await tx.execute(sql`select 1 as one`)).rows);
    expect(next).toEqual([{ one: 1 }]);
    expect(database.kind === 'postgres' && database.pool.totalCount).toBe(1);
  });
});

describe('openDatabase', () => {
  it('keeps memory:// in memory', async () => {
    const database = await openDatabase({ dataDir: IN_MEMORY, databaseUrl: undefined });
    try {
      expect(database.kind).toBe('pglite');
      expect(database.kind === 'pglite' && database.dataDir).toBeNull();
    } finally {
      await database.close();
      await database.close(); // twice is harmless
    }
  });

  describe('with a PGlite folder', () => {
    let dataDir: string;
    beforeEach(() => {
      dataDir = mkdtempSync(join(tmpdir(), 'msc-data-'));
    });
    afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

    it('keeps the data in DATA_DIR/pglite across a restart', async () => {
      const first = await openDatabase({ dataDir, databaseUrl: undefined });
      expect(first.kind === 'pglite' && first.dataDir).toBe(join(dataDir, 'pglite'));
      await migrate(first);
      await first.db.insert(games).values({
        id: 'kept',
        ruleset: 'msc-tactical',
        name: 'Kept',
        diceState: 'd',
        seed: 's',
        seedCommitment: 'c',
        moderatorTokenHash: 'm',
      });
      await first.close();
      const second = await openDatabase({ dataDir, databaseUrl: undefined });
      try {
        expect(await second.db.select({ id: games.id }).from(games)).toEqual([{ id: 'kept' }]);
      } finally {
        await second.close();
      }
    });
  });

  it.runIf(databaseKinds.includes('postgres'))(
    'fails with a message naming the server, never the password, when PostgreSQL cannot be reached',
    async () => {
      const error = await openDatabase({ databaseUrl: 'postgres://msc:hunter2@127.0.0.1:1/games', dataDir: '' }).catch(
        (e: unknown) => e as Error,
      );
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).message).toContain('cannot connect to PostgreSQL at 127.0.0.1:1/games (DATABASE_URL)');
      expect((error as Error).message).not.toContain('hunter2');
    },
  );

  it.runIf(databaseKinds.includes('postgres'))('listens again after its listening connection is cut', async () => {
    const database = await freshDatabase('postgres');
    try {
      const heard: string[] = [];
      await database.listen('turn_due', (payload) => heard.push(payload));
      // What a server restart or a network cut does to the listening connection.
      const cut = await database.db.execute(
        sql`select pg_terminate_backend(pid) as cut from pg_stat_activity
            where application_name = 'msc-listener' and datname = current_database()`,
      );
      expect(cut.rows).toEqual([{ cut: true }]);
      await eventually(() => {
        void database.notify('turn_due', 'again');
        return heard.includes('again');
      }, 10_000);
    } finally {
      await database.drop();
    }
  });
});

describe('describeServer', () => {
  it('names a TCP server by host, port and database, never its password', () => {
    expect(describeServer('postgres://msc:secret@db.example.org:5433/msc')).toBe('db.example.org:5433/msc');
    expect(describeServer('postgres://msc@db.example.org/msc')).toBe('db.example.org:5432/msc');
  });

  it('names a server reached over a Unix socket by the socket’s folder', () => {
    expect(describeServer('postgres://msc@%2Fvar%2Frun%2Fpostgresql/msc')).toBe('/var/run/postgresql/msc');
  });
});
