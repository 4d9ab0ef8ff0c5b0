/**
 * An answer to orders that lists problems lists them in the order of the lines they concern, whichever check found
 * each (the reading of a line, the rules' checks of builds, moves and standing orders) — by mail and through the use
 * case every other channel calls.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGame } from '../../src/games/games/create.ts';
import { AppError } from '../../src/games/errors.ts';
import { submitText } from '../../src/games/turns/submit-text.ts';
import { resolveNextDueTurn } from '../../src/games/turns/resolution.ts';
import { handleInboundMail, type InboundContext } from '../../src/mail/inbound.ts';
import { databaseKinds, freshDatabase, type TestDatabase } from '../support/db.ts';
import { gamesContext, type TestGamesContext } from '../support/games.ts';
import { SMALL_CAMPAIGN } from '../support/campaigns.ts';
import { ALICE, answers, BOB, orderMail, seatAddress } from '../mail/support.ts';

describe.each(databaseKinds)('problems in line order on %s', (kind) => {
  let database: TestDatabase;
  let ctx: TestGamesContext & InboundContext;

  beforeEach(async () => {
    database = await freshDatabase(kind);
    ctx = gamesContext(database);
  });
  afterEach(async () => {
    await database.drop();
  });

  const mailIn = async (from: string, token: string, text: string) =>
    handleInboundMail(ctx, await orderMail(from, seatAddress(token), text));

  it('a campaign order text with problems from different checks is answered line by line, in order', async () => {
    const created = await createGame(ctx, {
      id: 'lines-c',
      name: 'Line order',
      ruleset: 'msc-strategic',
      settings: SMALL_CAMPAIGN,
      seats: [
        { side: 'red', email: ALICE, name: 'Alice' },
        { side: 'blue', email: BOB, name: 'Bob' },
      ],
    });
    const token = Object.fromEntries(created.seats.map((s) => [s.side, s.token]));
    await mailIn(ALICE, token.red!, 'GAME lines-c TURN 0\nBUILD R1 E3 S3 H3 W F,FL,FR AS RF\nEND');
    await mailIn(BOB, token.blue!, 'GAME lines-c TURN 0\nBUILD B1 E3 S3 H3 W F,FL,FR AS BF\nEND');
    expect(await resolveNextDueTurn(ctx)).toMatchObject({ gameId: 'lines-c', turn: 0 });

    const text = [
      'GAME lines-c TURN 1',
      'MOVE Nowhere TO 0404',
      'BUILD R2 E9 S9 H9 W F,FL,FR AS RF',
      'LOSSES Ghost R1',
      'MOVE RF TO 0909',
      'END',
    ].join('\n');
    const refused = await submitText(ctx, { gameId: 'lines-c', token: token.red!, text, channel: 'web' }).catch(
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(AppError);
    const lines = (refused as AppError).problems.map((p) => p.line);
    expect(lines.length).toBeGreaterThanOrEqual(3);
    expect(lines).toEqual([...lines].sort((a, b) => (a ?? Infinity) - (b ?? Infinity)));

    await mailIn(ALICE, token.red!, text);
    const answer = (await answers(ctx.db)).filter((a) => a.toAddress === ALICE).at(-1)!;
    const mailed = [...answer.textBody.matchAll(/- line (\d+)[ :]/g)].map((m) => Number(m[1]));
    expect(mailed).toEqual(lines.filter((l) => l !== null));
  });
});
