/**
 * Missed turns (NMR): a seat with neither orders nor HOLD in when its turn resolves has missed it — counted once per
 * resolved turn, told to every side in the next report, warned once per run of misses, and at the game's missed-turn
 * limit the solo rules take a battle's side, or a campaign's moderator is asked to replace the player. On PGlite and
 * PostgreSQL, through the turn queue.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { auditLog, games, outbox, turns } from '../../src/db/schema.ts';
import { createGame } from '../../src/games/games/create.ts';
import { exportGame } from '../../src/games/archive/archive.ts';
import { verifyExport } from '../../src/games/archive/verify.ts';
import { resolveNow, rollback, setMissedTurnLimit } from '../../src/games/moderation/moderation.ts';
import { submitText } from '../../src/games/turns/submit-text.ts';
import { resolveDueTurns, resolveNextDueTurn } from '../../src/games/turns/resolution.ts';
import { HOUR } from '../../src/games/clock.ts';
import { databaseKinds, freshDatabase, type TestDatabase } from '../support/db.ts';
import { duelOrders, gamesContext, seatRow, tutorialDuel, type TestGamesContext } from '../support/games.ts';
import { SMALL_CAMPAIGN } from '../support/campaigns.ts';
import { ALICE, BOB } from '../mail/support.ts';

const MODERATOR = 'mod@pbem.test';

describe.each(databaseKinds)('missed turns on %s', (dbKind) => {
  let database: TestDatabase;
  let ctx: TestGamesContext;

  beforeEach(async () => {
    database = await freshDatabase(dbKind);
    ctx = gamesContext(database);
  });
  afterEach(async () => {
    await database.drop();
  });

  const seatOf = (gameId: string, side: string) => seatRow(ctx.db, gameId, side);
  const mailTo = async (to: string, kind?: string) =>
    (await ctx.db.select().from(outbox).orderBy(asc(outbox.id))).filter(
      (m) => m.toAddress === to && (kind === undefined || m.kind === kind),
    );
  /** Lets the open turn's deadline pass and resolves what falls due. */
  const pastDeadline = async (gameId: string) => {
    ctx.clock.advanceBy(73 * HOUR);
    return resolveNextDueTurn(ctx, gameId);
  };
  const order = (gameId: string, token: string, text: string) =>
    submitText(ctx, { gameId, token, text, channel: 'api' });

  it('a battle: the next report tells both sides who missed and what its ships did; one warning per run of misses', async () => {
    const { tokens } = await tutorialDuel(ctx, { id: 'nmr' });
    await order('nmr', tokens.black!, duelOrders('nmr', 'black'));
    expect(await pastDeadline('nmr')).toMatchObject({ turn: 1 });

    expect(await seatOf('nmr', 'grey')).toMatchObject({ missedTurns: 1, missedInARow: 1 });
    expect(await seatOf('nmr', 'black')).toMatchObject({ missedTurns: 0, missedInARow: 0 });
    const said = 'Grey sent no orders for turn 1: its ships kept their SPEED, flew straight ahead';
    for (const to of [ALICE, BOB]) {
      const [report] = (await mailTo(to, 'turn-report')).filter((m) => m.subject.includes('Turn 2'));
      expect(report!.textBody.replace(/\s+/g, ' ')).toContain(said);
      expect(report!.htmlBody).toContain(said);
      expect(report!.textBody.split('\n').every((line) => line.length <= 78)).toBe(true);
    }
    const warnings = await mailTo(BOB, 'missed-turn');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.subject).toContain('no orders from you for turn 1');
    const warning = warnings[0]!.textBody.replace(/\s+/g, ' ');
    expect(warning).toContain('your ships keep their SPEED, fly straight ahead');
    expect(warning).toContain('send HOLD');
    expect(warning).toContain('Orders for turn 2 are due');
    expect(warning).toContain('After 3 turns in a row without orders, the solo rules play your side');
    expect(await mailTo(ALICE, 'missed-turn')).toHaveLength(0);

    // A second miss in a row: counted, and no second warning.
    await order('nmr', tokens.black!, 'GAME nmr TURN 2\nHOLD\nEND');
    await pastDeadline('nmr');
    expect(await seatOf('nmr', 'grey')).toMatchObject({ missedTurns: 2, missedInARow: 2 });
    expect(await mailTo(BOB, 'missed-turn')).toHaveLength(1);

    // HOLD counts as orders: the run ends, the total stays, the turn is no miss.
    await order('nmr', tokens.black!, 'GAME nmr TURN 3\nHOLD\nEND');
    await order('nmr', tokens.grey!, 'GAME nmr TURN 3\nHOLD\nEND');
    expect(await resolveNextDueTurn(ctx, 'nmr')).toMatchObject({ turn: 3 });
    expect(await seatOf('nmr', 'grey')).toMatchObject({ missedTurns: 2, missedInARow: 0 });
    const [turn4] = (await mailTo(ALICE, 'turn-report')).filter((m) => m.subject.includes('Turn 4'));
    expect(turn4!.textBody).not.toContain('sent no orders');
  });

  it('a turn the moderator resolves before its deadline counts no miss', async () => {
    const { tokens, moderatorToken } = await tutorialDuel(ctx, { id: 'nmr-now' });
    await order('nmr-now', tokens.black!, 'GAME nmr-now TURN 1\nHOLD\nEND');
    await resolveNow(ctx, { gameId: 'nmr-now', key: moderatorToken });
    expect(await seatOf('nmr-now', 'grey')).toMatchObject({ missedTurns: 0, missedInARow: 0 });
    expect(await mailTo(BOB, 'missed-turn')).toHaveLength(0);
  });

  it('a new run of misses after orders is warned again', async () => {
    const { tokens } = await tutorialDuel(ctx, { id: 'nmr-2' });
    await order('nmr-2', tokens.black!, 'GAME nmr-2 TURN 1\nHOLD\nEND');
    await pastDeadline('nmr-2');
    await order('nmr-2', tokens.black!, 'GAME nmr-2 TURN 2\nHOLD\nEND');
    await order('nmr-2', tokens.grey!, 'GAME nmr-2 TURN 2\nHOLD\nEND');
    expect(await resolveNextDueTurn(ctx, 'nmr-2')).toMatchObject({ turn: 2 });
    await order('nmr-2', tokens.black!, 'GAME nmr-2 TURN 3\nHOLD\nEND');
    await pastDeadline('nmr-2');
    expect(await seatOf('nmr-2', 'grey')).toMatchObject({ missedTurns: 2, missedInARow: 1 });
    expect((await mailTo(BOB, 'missed-turn')).map((m) => m.subject)).toEqual([
      '[nmr-2] Tutorial duel: no orders from you for turn 1',
      '[nmr-2] Tutorial duel: no orders from you for turn 3',
    ]);
  });

  it('counts each miss once when the queue resolves several games in one batch', async () => {
    for (const id of ['nmr-a', 'nmr-b', 'nmr-c']) await tutorialDuel(ctx, { id });
    ctx.clock.advanceBy(73 * HOUR);
    const resolved = await resolveDueTurns(ctx, 8);
    expect(resolved.map((r) => r.gameId).sort()).toEqual(['nmr-a', 'nmr-b', 'nmr-c']);
    expect(await resolveDueTurns(ctx, 8)).toEqual([]);
    for (const id of ['nmr-a', 'nmr-b', 'nmr-c']) {
      for (const side of ['black', 'grey']) expect(await seatOf(id, side)).toMatchObject({ missedTurns: 1 });
      const [turn] = await ctx.db
        .select()
        .from(turns)
        .where(and(eq(turns.gameId, id), eq(turns.number, 1)));
      expect(turn!.missed.map((m) => m.side)).toEqual(['black', 'grey']);
    }
    // Two warnings a game, one to each seat: exactly once.
    expect(await mailTo(ALICE, 'missed-turn')).toHaveLength(3);
    expect(await mailTo(BOB, 'missed-turn')).toHaveLength(3);
  });

  it('a battle at its missed-turn limit: the solo rules take the side, the turn stops waiting for it, and the game still verifies', async () => {
    const { tokens } = await tutorialDuel(ctx, { id: 'nmr-solo', settings: { missedTurnLimit: 2 } });
    await createGameModerator('nmr-solo');
    for (const turn of [1, 2]) {
      await order('nmr-solo', tokens.black!, `GAME nmr-solo TURN ${turn}\nHOLD\nEND`);
      await pastDeadline('nmr-solo');
    }
    const grey = await seatOf('nmr-solo', 'grey');
    expect(grey).toMatchObject({ missedTurns: 2, missedInARow: 2 });
    expect(grey.ruledSince).not.toBeNull();
    const [turn3] = (await mailTo(ALICE, 'turn-report')).filter((m) => m.subject.includes('Turn 3'));
    expect(turn3!.textBody.replace(/\s+/g, ' ')).toContain(
      'Grey has missed 2 turns in a row: the solo rules play its side from now on.',
    );
    expect((await mailTo(BOB, 'missed-turn')).at(-1)!.textBody.replace(/\s+/g, ' ')).toContain(
      'the solo rules play your side from now on',
    );
    expect((await mailTo(MODERATOR, 'missed-turn'))[0]!.subject).toContain('Grey has missed 2 turns in a row');
    const audits = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'missed-turn-limit'));
    expect(audits).toHaveLength(1);

    // Turn 3 waits only for Black now: its HOLD makes the turn due at once, and the solo rules play Grey's ships.
    await order('nmr-solo', tokens.black!, 'GAME nmr-solo TURN 3\nHOLD\nEND');
    expect(await resolveNextDueTurn(ctx, 'nmr-solo')).toMatchObject({ turn: 3 });
    const [played] = await ctx.db
      .select()
      .from(turns)
      .where(and(eq(turns.gameId, 'nmr-solo'), eq(turns.number, 3)));
    const used = played!.ordersUsed as Record<string, { source: string }>;
    expect(Object.values(used).some((o) => o.source === 'solo-policy')).toBe(true);
    expect(played!.missed).toEqual([]);
    expect(await mailTo(BOB, 'reminder')).toHaveLength(0);
    // Grey's old player is told the side is the rules' now, and nothing is stored.
    await expect(order('nmr-solo', tokens.grey!, 'GAME nmr-solo TURN 4\nHOLD\nEND')).rejects.toMatchObject({
      code: 'SIDE_PLAYED_BY_RULES',
    });

    const doc = await exportGame(ctx, 'nmr-solo', { as: 'operator' });
    expect(verifyExport(JSON.parse(JSON.stringify(doc)))).toMatchObject({ ok: true });
  });

  it('a battle where every player reaches the limit at once: the solo rules take no side, the moderator is asked', async () => {
    await tutorialDuel(ctx, { id: 'nmr-none', settings: { missedTurnLimit: 1 } });
    await createGameModerator('nmr-none');
    await pastDeadline('nmr-none');
    for (const side of ['black', 'grey'])
      expect(await seatOf('nmr-none', side)).toMatchObject({ missedInARow: 1, ruledSince: null });
    const [turn] = await ctx.db
      .select()
      .from(turns)
      .where(and(eq(turns.gameId, 'nmr-none'), eq(turns.number, 1)));
    expect(turn!.missed.map((m) => m.limit)).toEqual(['moderator', 'moderator']);
    expect(await mailTo(MODERATOR, 'missed-turn')).toHaveLength(2);
    // Turn 2 waits for its players, as any turn.
    expect(await resolveNextDueTurn(ctx, 'nmr-none')).toBeNull();
  });

  it('a campaign: a defaulted setup is a miss; at the limit the fleets keep holding and the moderator is asked to replace the player', async () => {
    await createGame(
      ctx,
      {
        id: 'nmr-c',
        name: 'Missed campaign',
        ruleset: 'msc-strategic',
        settings: { ...SMALL_CAMPAIGN, missedTurnLimit: 2 },
        seats: [
          { side: 'red', email: ALICE, name: 'Alice' },
          { side: 'blue', email: BOB, name: 'Bob' },
        ],
      },
      'api',
      { moderatorEmail: MODERATOR },
    );
    // Nobody sets up: at the setup deadline both are defaulted, and both have missed a turn.
    ctx.clock.advanceBy(49 * HOUR);
    expect(await resolveNextDueTurn(ctx, 'nmr-c')).toMatchObject({ turn: 0 });
    expect(await seatOf('nmr-c', 'blue')).toMatchObject({ missedTurns: 1, missedInARow: 1 });
    const [start] = await mailTo(BOB, 'game-start');
    expect(start!.textBody.replace(/\s+/g, ' ')).toContain(
      'Blue Union sent no setup by the deadline: it was given the default setup.',
    );
    expect((await mailTo(BOB, 'missed-turn'))[0]!.subject).toContain('no setup from you');

    // Turn 1 passes without orders from either: the limit of 2 is reached.
    ctx.clock.advanceBy(25 * HOUR);
    expect(await resolveNextDueTurn(ctx, 'nmr-c')).toMatchObject({ turn: 1 });
    const blue = await seatOf('nmr-c', 'blue');
    expect(blue).toMatchObject({ missedTurns: 2, missedInARow: 2, ruledSince: null });
    const [report] = (await mailTo(ALICE, 'turn-report')).filter((m) => m.subject.includes('Turn 2'));
    const text = report!.textBody.replace(/\s+/g, ' ');
    expect(text).toContain('Blue Union sent no orders for turn 1: its fleets stayed where they were');
    expect(text).toContain('the moderator is asked to find a new player for it');
    const asked = await mailTo(MODERATOR, 'missed-turn');
    expect(asked.map((m) => m.subject).sort()).toEqual([
      '[nmr-c] Missed campaign: Blue Union has missed 2 turns in a row',
      '[nmr-c] Missed campaign: Red League has missed 2 turns in a row',
    ]);
    expect(asked[0]!.textBody).toContain('/games/nmr-c/moderate');
    // A campaign's side still has to order: its player may come back.
    const [turn2] = await ctx.db
      .select()
      .from(turns)
      .where(and(eq(turns.gameId, 'nmr-c'), eq(turns.number, 2)));
    expect(turn2!.dueAt).toBeNull();
  });

  it('a roll-back takes the turn’s misses back, and the moderator may change the limit', async () => {
    const { tokens, moderatorToken } = await tutorialDuel(ctx, { id: 'nmr-r', settings: { missedTurnLimit: 1 } });
    await order('nmr-r', tokens.black!, duelOrders('nmr-r', 'black'));
    await pastDeadline('nmr-r');
    expect((await seatOf('nmr-r', 'grey')).ruledSince).not.toBeNull();
    const m = { gameId: 'nmr-r', key: moderatorToken };
    expect(await rollback(ctx, m)).toBe(1);
    expect(await seatOf('nmr-r', 'grey')).toMatchObject({ missedTurns: 0, missedInARow: 0, ruledSince: null });

    expect(await setMissedTurnLimit(ctx, m, 0, 'players are slow')).toEqual({ missedTurnLimit: 0 });
    await expect(setMissedTurnLimit(ctx, m, 100)).rejects.toMatchObject({ code: 'INVALID_MISSED_TURN_LIMIT' });
    ctx.clock.advanceBy(73 * HOUR);
    await resolveNextDueTurn(ctx, 'nmr-r');
    // No limit now: a miss is counted and warned, but the rules take nothing over.
    expect(await seatOf('nmr-r', 'grey')).toMatchObject({ missedTurns: 1, ruledSince: null });
  });

  /** The game's moderator signs in on the web with this address. */
  async function createGameModerator(gameId: string) {
    await ctx.db.update(games).set({ moderatorEmail: MODERATOR }).where(eq(games.id, gameId));
  }
});
