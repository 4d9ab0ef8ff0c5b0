/**
 * "No orders this turn" said outright (`HOLD`, `NO ORDERS`, the web's "Ready — no changes"): the side's standing
 * orders stand and count as its orders, so the turn resolves as soon as every side is in rather than at the deadline
 * — for every kind, by mail and on the web, on PGlite and PostgreSQL.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { turns } from '../../src/db/schema.ts';
import { createGame } from '../../src/games/games/create.ts';
import { AppError } from '../../src/games/errors.ts';
import { submitText } from '../../src/games/turns/submit-text.ts';
import { resolveNextDueTurn } from '../../src/games/turns/resolution.ts';
import { handleInboundMail, type InboundContext } from '../../src/mail/inbound.ts';
import { databaseKinds, freshDatabase, type TestDatabase } from '../support/db.ts';
import { gamesContext, tutorialDuel, type TestGamesContext } from '../support/games.ts';
import { SMALL_CAMPAIGN } from '../support/campaigns.ts';
import { ALICE, answers, BOB, orderMail, seatAddress } from '../mail/support.ts';

describe.each(databaseKinds)('HOLD on %s', (kind) => {
  let database: TestDatabase;
  let ctx: TestGamesContext & InboundContext;

  beforeEach(async () => {
    database = await freshDatabase(kind);
    ctx = gamesContext(database);
  });
  afterEach(async () => {
    await database.drop();
  });

  /** Whether the game's open turn has fallen due (every side in), with the clock where it stands. */
  async function due(gameId: string, turn: number): Promise<boolean> {
    const [row] = await ctx.db
      .select()
      .from(turns)
      .where(and(eq(turns.gameId, gameId), eq(turns.number, turn)));
    return row!.dueAt !== null && row!.dueAt.getTime() <= ctx.clock.now().getTime();
  }

  const mailIn = async (from: string, token: string, text: string) =>
    handleInboundMail(ctx, await orderMail(from, seatAddress(token), text));

  it('a campaign where one side sends HOLD every other turn resolves each turn as soon as both are in', async () => {
    const created = await createGame(ctx, {
      id: 'hold-c',
      name: 'Holding campaign',
      ruleset: 'msc-strategic',
      settings: SMALL_CAMPAIGN,
      seats: [
        { side: 'red', email: ALICE, name: 'Alice' },
        { side: 'blue', email: BOB, name: 'Bob' },
      ],
    });
    const token = Object.fromEntries(created.seats.map((s) => [s.side, s.token]));
    expect(
      (await mailIn(ALICE, token.red!, 'GAME hold-c TURN 0\nBUILD R1 E3 S3 H3 W F,FL,FR AS RF\nEND')).outcome,
    ).toBe('accepted');
    expect((await mailIn(BOB, token.blue!, 'GAME hold-c TURN 0\nBUILD B1 E3 S3 H3 W F,FL,FR AS BF\nEND')).outcome).toBe(
      'accepted',
    );
    expect(await resolveNextDueTurn(ctx)).toMatchObject({ gameId: 'hold-c', turn: 0 });

    for (let turn = 1; turn <= 4; turn++) {
      // Red orders every turn; Blue says HOLD (or NO ORDERS) every other turn, and orders in between.
      const redSent = await mailIn(ALICE, token.red!, `GAME hold-c TURN ${turn}\nRETREAT RF AFTER ${turn}\nEND`);
      expect(redSent.outcome, `red, turn ${turn}`).toBe('accepted');
      expect(await due('hold-c', turn)).toBe(false);
      const blueText = turn % 2 === 1 ? (turn === 1 ? 'HOLD' : 'NO ORDERS') : `RETREAT BF AFTER ${turn}`;
      const blueSent = await mailIn(BOB, token.blue!, `GAME hold-c TURN ${turn}\n${blueText}\nEND`);
      expect(blueSent.outcome, `blue, turn ${turn}`).toBe('accepted');
      if (turn % 2 === 1) {
        const answer = (await answers(ctx.db)).filter((a) => a.toAddress === BOB).at(-1)!;
        expect(answer.kind).toBe('accepted');
        expect(answer.subject).toContain(`Orders accepted for turn ${turn}`);
        expect(answer.textBody).toContain('HOLD: no orders this turn');
        expect(answer.textBody).toContain('your fleets stay where they are');
      }
      // Both are in: the turn is due now, not at its 24-hour deadline, and the queue resolves it at once.
      expect(await due('hold-c', turn), `turn ${turn} is due once both are in`).toBe(true);
      expect(await resolveNextDueTurn(ctx)).toMatchObject({ gameId: 'hold-c', turn });
    }
  });

  it('refuses HOLD written with orders, storing nothing', async () => {
    const { tokens: token } = await tutorialDuel(ctx, { id: 'hold-t' });
    const both = await submitText(ctx, {
      gameId: 'hold-t',
      token: token.grey!,
      text: 'GAME hold-t TURN 1\nHOLD\nSHIP Grey SPEED 1 MOVE 1\nEND',
      channel: 'api',
    }).catch((e: unknown) => e);
    expect(both).toBeInstanceOf(AppError);
    expect((both as AppError).code).toBe('HOLD_WITH_ORDERS');
    expect(await due('hold-t', 1)).toBe(false);
  });

  it('takes HOLD in a tactical battle as the standing order for every ship of the side', async () => {
    const { tokens: token } = await tutorialDuel(ctx, { id: 'hold-s' });
    const grey = await submitText(ctx, {
      gameId: 'hold-s',
      token: token.grey!,
      text: 'GAME hold-s TURN 1\nHOLD\nEND',
      channel: 'web',
    });
    expect(grey.stored).toBe(true);
    expect(grey.notes.join(' ')).toContain('your ships keep their SPEED, fly straight ahead');
    await submitText(ctx, {
      gameId: 'hold-s',
      token: token.black!,
      text: 'GAME hold-s TURN 1\nNO ORDERS\nEND',
      channel: 'mail',
    });
    expect(await due('hold-s', 1)).toBe(true);
    expect(await resolveNextDueTurn(ctx)).toMatchObject({ gameId: 'hold-s', turn: 1 });
    const [played] = await ctx.db
      .select()
      .from(turns)
      .where(and(eq(turns.gameId, 'hold-s'), eq(turns.number, 1)));
    const used = Object.values(played!.ordersUsed as Record<string, { source: string }>);
    expect(used.length).toBeGreaterThan(0);
    expect(used.every((o) => o.source === 'standing')).toBe(true);
  });
});
