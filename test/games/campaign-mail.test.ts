/**
 * A campaign by mail, on PGlite and PostgreSQL: a side's setup and its orders
 * reach the same use case as on the API, answered at once — accepted with
 * what was understood, or rejected with every problem on its line.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { games } from '../../src/db/schema.ts';
import { createGame } from '../../src/games/games/create.ts';
import { resolveNextDueTurn } from '../../src/games/turns/resolution.ts';
import { handleInboundMail, type InboundContext } from '../../src/mail/inbound.ts';
import { databaseKinds, freshDatabase, type TestDatabase } from '../support/db.ts';
import { gamesContext, type TestGamesContext } from '../support/games.ts';
import { ALICE, answers, BOB, orderMail, seatAddress, submissionRows } from '../mail/support.ts';

describe.each(databaseKinds)('a campaign by mail on %s', (kind) => {
  let database: TestDatabase;
  let ctx: TestGamesContext & InboundContext;
  let tokens: Record<string, string>;

  beforeEach(async () => {
    database = await freshDatabase(kind);
    ctx = gamesContext(database);
    const created = await createGame(ctx, {
      id: 'c-mail',
      name: 'Campaign by mail',
      ruleset: 'msc-strategic',
      settings: {
        sides: [
          { id: 'red', name: 'Red' },
          { id: 'blue', name: 'Blue' },
        ],
        map: { kind: 'generated', width: 10, height: 8, systems: 6, seed: 'mail' },
        budget: 40,
      },
      seats: [
        { side: 'red', email: ALICE, name: 'Alice' },
        { side: 'blue', email: BOB, name: 'Bob' },
      ],
    });
    tokens = Object.fromEntries(created.seats.map((s) => [s.side, s.token]));
  });
  afterEach(async () => {
    await database.drop();
  });

  it('takes each side setup by mail, answers a bad one with its lines, and opens turn 1 when both are in', async () => {
    const bad = await handleInboundMail(
      ctx,
      await orderMail(
        ALICE,
        seatAddress(tokens.red!),
        'GAME c-mail TURN 0\nMOVE R1 N\nBUILD R1 E3 S3 H3 W F AS RF\nEND',
      ),
    );
    expect(bad.outcome).toBe('rejected');
    const rejected = (await answers(ctx.db)).at(-1)!;
    expect(rejected.kind).toBe('rejected');
    expect(rejected.textBody).toContain('[DESIGN_SIZE]');
    expect(rejected.textBody).toContain('line 2');

    const red = await handleInboundMail(
      ctx,
      await orderMail(
        ALICE,
        seatAddress(tokens.red!),
        'GAME c-mail TURN 0\nBUILD R1 E3 S3 H3 W F,FL,FR AS RF\nBUILD R2 E3 S3 H3 W F,FL,FR JOIN RF\nEND',
      ),
    );
    expect(red.outcome).toBe('accepted');
    const accepted = (await answers(ctx.db)).at(-1)!;
    expect(accepted.kind).toBe('accepted');
    expect(accepted.subject).toContain('accepted');
    expect(accepted.textBody).toContain('BUILD R2 E3 S3 H3 W F,FL,FR JOIN RF');
    expect((await gameRow()).status).toBe('setup');

    const blue = await handleInboundMail(
      ctx,
      await orderMail(BOB, seatAddress(tokens.blue!), 'GAME c-mail TURN 0\nBUILD B1 E3 S3 H3 W F,FL,FR AS BF\nEND'),
    );
    expect(blue.outcome).toBe('accepted');
    expect(await submissionRows(ctx.db, 'c-mail')).toHaveLength(2);
    // Both are in: the setup turn is due; the queue settles it.
    expect(await resolveNextDueTurn(ctx)).toMatchObject({ turn: 0 });
    const g = await gameRow();
    expect(g).toMatchObject({ status: 'active', currentTurn: 1 });
    expect((g.state as { store: Record<string, number> }).store).toEqual({ red: 10, blue: 25 });

    // Turn 1 orders by mail are the campaign's language, checked against the side's view.
    const order = await handleInboundMail(
      ctx,
      await orderMail(ALICE, seatAddress(tokens.red!), 'GAME c-mail TURN 1\nMOVE BF N\nEND'),
    );
    expect(order.outcome).toBe('rejected');
  });

  const gameRow = async () => (await ctx.db.select().from(games).where(eq(games.id, 'c-mail')))[0]!;
});
