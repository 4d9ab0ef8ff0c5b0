/**
 * `msc verify` and `msc game export`: the real command on real files for a
 * verified game and a tampered one (exit codes 0 and 1); the rest in-process
 * — JSON output, standard input, unreadable and malformed input (exit 2),
 * and the export through the database and through the server's API.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DirectGamesClient } from '../../src/cli/direct-client.ts';
import { HttpGamesClient } from '../../src/cli/http-client.ts';
import { runVerify } from '../../src/cli/verify-command.ts';
import { exportGame, type GameExport } from '../../src/games/archive/archive.ts';
import { concede, submitOrders } from '../../src/games/turns/orders.ts';
import { resolveNextDueTurn } from '../../src/games/turns/resolution.ts';
import { freshDatabase, type TestDatabase } from '../support/db.ts';
import { gamesContext, tutorialDuel } from '../support/games.ts';
import { createDuel, startTestApp, type TestApp } from '../web/support.ts';
import { memoryIO, mscWith } from './support.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const msc = (args: string[]) =>
  spawnSync(process.execPath, ['bin/msc.js', ...args], { cwd: root, encoding: 'utf8', timeout: 60_000 });

let dir: string;
let database: TestDatabase;
let doc: GameExport;
/** The first shot of turn 1, its roll changed. */
let tampered: GameExport;
let shotAt: number;

/** A tutorial duel: the book's first turn, then Grey concedes and turn 2 ends the game. */
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'msc-verify-'));
  database = await freshDatabase('pglite');
  const ctx = gamesContext(database);
  const duel = await tutorialDuel(ctx, { id: 'duel-v' });
  await submitOrders(ctx, {
    gameId: 'duel-v',
    token: duel.tokens.black!,
    text: 'SHIP Black SPEED 3 MOVE 2R',
    channel: 'api',
  });
  await submitOrders(ctx, {
    gameId: 'duel-v',
    token: duel.tokens.grey!,
    text: 'SHIP Grey SPEED 3 MOVE 1R1',
    channel: 'api',
  });
  await resolveNextDueTurn(ctx);
  await concede(ctx, 'duel-v', duel.tokens.grey!);
  expect(await resolveNextDueTurn(ctx)).toMatchObject({ turn: 2, gameOver: true });
  doc = await exportGame(ctx, 'duel-v', { as: 'anyone' });
  tampered = structuredClone(doc);
  shotAt = tampered.turns[0]!.events.findIndex((e) => e.type === 'shot');
  tampered.turns[0]!.events[shotAt]!.roll = ((doc.turns[0]!.events[shotAt]!.roll as number) % 6) + 1;
  writeFileSync(join(dir, 'ok.json'), JSON.stringify(doc, null, 2));
  writeFileSync(join(dir, 'tampered.json'), JSON.stringify(tampered));
});

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await database?.drop();
});

const verify = async (file: string, opts: { json?: boolean } = {}, stdin?: string) => {
  const io = memoryIO(stdin === undefined ? {} : { stdin });
  const code = await runVerify(io, file, opts);
  return { code, stdout: io.outLines.join('\n'), stderr: io.errLines.join('\n') };
};

describe('msc verify, the real command', () => {
  it('a game as exported: exit 0, "verified: N turns, seed matches its commitment"', () => {
    const r = msc(['verify', join(dir, 'ok.json')]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe('verified: 2 turns, seed matches its commitment');
    expect(r.stdout).toContain(doc.seed!);
  });

  it('one die changed: exit 1 and the first mismatch, naming the turn, the event and both rolls', () => {
    const r = msc(['verify', join(dir, 'tampered.json')]);
    expect(r.status).toBe(1);
    const shot = doc.turns[0]!.events[shotAt]!;
    expect(r.stdout.trim()).toBe(
      `mismatch in turn 1: events[${shotAt}] (shot ${String(shot.firer)} ${String(shot.weapon)} at ${String(shot.target)}): roll: expected ${String(shot.roll)}, found ${String(tampered.turns[0]!.events[shotAt]!.roll)}`,
    );
  });
});

describe('msc verify in-process', () => {
  it('--json: the result as JSON, with the summary', async () => {
    const r = await verify(join(dir, 'ok.json'), { json: true });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      ok: true,
      turns: 2,
      summary: { gameId: 'duel-v', status: 'finished', winner: 'black', ending: 'concession', seed: doc.seed },
    });
  });

  it('--json on a mismatch: exit 1, the mismatch with both sides (an absent value as null)', async () => {
    const r = await verify(join(dir, 'tampered.json'), { json: true });
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toEqual({
      ok: false,
      mismatch: {
        turn: 1,
        what: expect.stringContaining(`events[${shotAt}]`),
        expected: doc.turns[0]!.events[shotAt]!.roll,
        found: tampered.turns[0]!.events[shotAt]!.roll,
      },
    });

    const cut = structuredClone(doc);
    cut.turns[1]!.events.pop();
    writeFileSync(join(dir, 'cut.json'), JSON.stringify(cut));
    const c = await verify(join(dir, 'cut.json'), { json: true });
    expect(JSON.parse(c.stdout).mismatch).toMatchObject({
      turn: 2,
      what: expect.stringContaining('missing from the record'),
      found: null,
    });
  });

  it('"-" reads standard input', async () => {
    const r = await verify('-', {}, readFileSync(join(dir, 'ok.json'), 'utf8'));
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^verified: 2 turns, seed matches its commitment/);
  });

  it('a missing file, malformed JSON, a document that is no export: exit 2 with a message naming what is wrong', async () => {
    const missing = await verify(join(dir, 'nope.json'));
    expect(missing).toMatchObject({ code: 2, stdout: '' });
    expect(missing.stderr).toBe(`msc: cannot read ${join(dir, 'nope.json')}: no such file`);

    const malformed = await verify('-', { json: true }, '{"format": ');
    expect(malformed.code).toBe(2);
    expect(JSON.parse(malformed.stdout).error).toMatchObject({ code: 'MALFORMED_JSON' });

    const notExport = await verify('-', {}, JSON.stringify({ ...doc, format: 'something-else', turns: 'all of them' }));
    expect(notExport.code).toBe(2);
    expect(notExport.stderr).toContain('msc: standard input is not a game export');
    expect(notExport.stderr).toContain('  - format:');
    expect(notExport.stderr).toContain('  - turns:');
  });
});

describe('msc game export', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp('pglite');
  });
  afterAll(() => app?.close());

  it("on the database: the operator's export holds the seed, and msc verify accepts it", async () => {
    const exportDb = await freshDatabase('pglite');
    try {
      const ctx = gamesContext(exportDb);
      await tutorialDuel(ctx, { id: 'duel-x' });
      const run = mscWith(async () => new DirectGamesClient(ctx, 'the test database'));
      const out = join(dir, 'duel-x.json');
      const r = await run(['game', 'export', 'duel-x', '--out', out]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain(`Exported game duel-x (active, 0 resolved turns) to ${out}.`);
      // A running game's seed: the operator is told to keep it to themselves.
      expect(r.stderr).toContain('keep it to yourself');
      expect(JSON.parse(readFileSync(out, 'utf8'))).toMatchObject({ gameId: 'duel-x', openTurn: 1 });
      expect((await verify(out)).code).toBe(0);
    } finally {
      await exportDb.drop();
    }
  });

  it('through the server: the API download is an attachment; without the key no seed while the game runs', async () => {
    const { moderatorKey } = await createDuel(app, 'duel-h');
    const answer = await app.call('GET', '/api/games/duel-h/export');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="duel-h.json"');
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.body).toMatchObject({ format: 'msc-pbem-game', gameId: 'duel-h', seed: null });
    expect((await app.call('GET', '/api/games/duel-h/export', { token: 'x'.repeat(32) })).body.error.code).toBe(
      'BAD_TOKEN',
    );

    const run = mscWith(async ({ key }) => new HttpGamesClient(app.url, key ? { key } : {}));
    const plain = await run(['game', 'export', 'duel-h', '--json']);
    expect(plain.code, plain.stderr).toBe(0);
    expect(plain.json()).toMatchObject({ gameId: 'duel-h', seed: null });
    const file = join(dir, 'duel-h.json');
    const keyed = await run(['game', 'export', 'duel-h', '--key', moderatorKey, '--out', file]);
    expect(keyed.code, keyed.stderr).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8')).seed).toMatch(/^[0-9a-f]{32}$/);
    expect((await verify(file)).code).toBe(0);
    const missing = await run(['game', 'export', 'no-such-game']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('there is no game no-such-game');
  });
});
