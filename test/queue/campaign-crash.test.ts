/**
 * A worker process killed with SIGKILL in the middle of a campaign's turn resolutions, on PostgreSQL (service.md,
 * "Turn queue": one transaction, "so … a crash at any point loses nothing and resolves nothing twice"): once while it
 * resolves a campaign turn that stops for a battle fought as a linked tactical game, and once while it resolves that
 * battle's last turn, which finishes the campaign turn. Each time nothing of the resolution is written — no state,
 * event, next turn, linked game or mail — and a restarted worker does it all exactly once; the campaign's export then
 * verifies, its battle included.
 *
 * The in-process steps (setup, orders, deployment) run on the test clock, which stands in the past of the system
 * clock the worker processes read: every deadline they set is due to the workers at once.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { auditLog, battles, games, outbox, submissions, turns } from '../../src/db/schema.ts';
import { exportGame } from '../../src/games/archive/archive.ts';
import { verifyExport } from '../../src/games/archive/verify.ts';
import { endGame } from '../../src/games/moderation/moderation.ts';
import { submitFleet } from '../../src/games/seats/setup.ts';
import { databaseKinds } from '../support/db.ts';
import { crashMoves, crashScene } from '../support/crash-scene.ts';
import { gamesContext, type TestGamesContext } from '../support/games.ts';
import { seatToken, send, setPosition, startCampaign } from '../games/campaign-archive-support.ts';

const hasPostgres = databaseKinds.includes('postgres');
const ID = 'c-crash';

describe.skipIf(!hasPostgres)('a worker killed during campaign turn resolutions, on PostgreSQL', () => {
  const scene = crashScene('msc-campaign-crash-');
  let ctx: TestGamesContext;

  beforeEach(() => {
    ctx = gamesContext(scene.database);
  });

  /** Everything a resolution could write (the database holds this test's games only). */
  const snapshot = async () => ({
    games: await ctx.db.select().from(games).orderBy(asc(games.id)),
    turns: await ctx.db.select().from(turns).orderBy(asc(turns.gameId), asc(turns.number)),
    battles: await ctx.db.select().from(battles).orderBy(asc(battles.turn), asc(battles.battleIndex)),
    submissions: await ctx.db.select().from(submissions).orderBy(asc(submissions.id)),
    outbox: await ctx.db.select().from(outbox).orderBy(asc(outbox.id)),
    audit: await ctx.db.select().from(auditLog).orderBy(asc(auditLog.id)),
  });

  const { killInsideResolution, resolveWithWorker } = crashMoves(scene, () => ctx, snapshot);

  it('SIGKILL while a campaign turn stops for its battle, and while the battle finishes it: all or nothing, once', async () => {
    const started = await startCampaign(ctx, ID);
    await setPosition(ctx, ID, 1);
    await send(ctx, ID, started.tokens.blue, `GAME ${ID} TURN 1\nMOVE BF TO 1005\nEND`);

    // 1. Killed while resolving campaign turn 1 (which stops for its battle): no battle, no linked game, no mail.
    await killInsideResolution(`${ID} 1`);
    await resolveWithWorker(`${ID} 1`);
    const waiting = await ctx.db.select().from(turns).where(eq(turns.gameId, ID)).orderBy(asc(turns.number));
    expect(waiting.map((t) => `${t.number}:${t.status}`)).toEqual(['0:resolved', '1:battles']);
    const fought = await ctx.db.select().from(battles).where(eq(battles.campaignId, ID));
    expect(fought).toHaveLength(1);
    const battleId = fought[0]!.gameId;
    expect(await ctx.db.select().from(games).where(eq(games.ruleset, 'msc-tactical'))).toHaveLength(1);

    // Both sides deploy, and send their orders: R1 flies off the map, Blue holds. The battle's turn 1 is due.
    const red = await seatToken(ctx, battleId, 'red');
    const blue = await seatToken(ctx, battleId, 'blue');
    await submitFleet(ctx, battleId, red, { ships: [{ id: 'R1', hex: '1201', facing: 'N' }] });
    await submitFleet(ctx, battleId, blue, {
      ships: [
        { id: 'B1', hex: '1216', facing: 'N' },
        { id: 'B2', hex: '1316', facing: 'N' },
      ],
    });
    await send(ctx, battleId, red, `GAME ${battleId} TURN 1\nSHIP R1 SPEED 1 MOVE 1\nEND`);
    await send(ctx, battleId, blue, `GAME ${battleId} TURN 1\nSHIP B1 SPEED 0 MOVE 0\nSHIP B2 SPEED 0 MOVE 0\nEND`);

    // 2. Killed while resolving the battle's last turn, which would end it and finish campaign turn 1: nothing of
    // either — the battle's end, its outcome, the campaign's state, events, turn 2 and their mails — is written.
    await killInsideResolution(`${battleId} 1`);
    await resolveWithWorker(`${battleId} 1`);

    // Each turn resolved exactly once, completely.
    const campaignTurns = await ctx.db.select().from(turns).where(eq(turns.gameId, ID)).orderBy(asc(turns.number));
    expect(campaignTurns.map((t) => `${t.number}:${t.status}`)).toEqual(['0:resolved', '1:resolved', '2:open']);
    const [, one, two] = campaignTurns;
    expect(one!.stateAfter).not.toBeNull();
    expect(two!.stateBefore).toEqual(one!.stateAfter);
    expect(two!.diceStateBefore).toBe(one!.diceStateAfter);
    const [campaign] = await ctx.db.select().from(games).where(eq(games.id, ID));
    expect(campaign).toMatchObject({ currentTurn: 2, state: one!.stateAfter, diceState: one!.diceStateAfter });
    const battleTurns = await ctx.db.select().from(turns).where(eq(turns.gameId, battleId)).orderBy(asc(turns.number));
    // Its deployment (turn 0, settled when both sides had placed their ships) and the turn that ended it.
    expect(battleTurns.map((t) => `${t.number}:${t.status}`)).toEqual(['0:resolved', '1:resolved']);
    const [ended] = await ctx.db.select().from(battles).where(eq(battles.campaignId, ID));
    expect(ended).toMatchObject({ outcome: { hex: '1005', destroyed: [], disengaged: ['R1'] } });
    expect(ended!.endedAt).not.toBeNull();
    // One turn-2 report per seat of the campaign; one game-end mail per seat of the battle.
    const reports = await ctx.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.gameId, ID), eq(outbox.kind, 'turn-report')));
    expect(
      reports
        .filter((m) => m.subject.includes('Turn 2'))
        .map((m) => m.toAddress)
        .sort(),
    ).toEqual(['alice@pbem.test', 'bob@pbem.test']);
    const battleEnds = await ctx.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.gameId, battleId), eq(outbox.kind, 'game-end')));
    expect(battleEnds.map((m) => m.toAddress).sort()).toEqual(['alice@pbem.test', 'bob@pbem.test']);
    const audits = await ctx.db.select().from(auditLog).where(eq(auditLog.gameId, ID));
    expect(audits.filter((a) => a.action === 'battles')).toHaveLength(1);
    expect(audits.filter((a) => a.action === 'battles-ended')).toHaveLength(1);

    // And the stored campaign is the one its seed and orders give: the export verifies, its battle included.
    await endGame(ctx, { gameId: ID, key: started.key }, 'end', 'over');
    expect(verifyExport(await exportGame(ctx, ID, { as: 'anyone' }))).toMatchObject({
      ok: true,
      turns: 1,
      summary: { battles: 1 },
    });
  });
});
