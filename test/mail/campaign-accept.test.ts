/**
 * A campaign's acceptance says how the mail was read (docs/mail.md "The answers"), in a turn as in the setup: a
 * greeting skipped, orders taken from the block edited in the quote.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { outbox } from '../../src/db/schema.ts';
import { HOUR } from '../../src/games/clock.ts';
import { createGame } from '../../src/games/games/create.ts';
import { resolveNextDueTurn } from '../../src/games/turns/resolution.ts';
import { handleInboundMail, type InboundContext } from '../../src/mail/inbound.ts';
import { freshDatabase, type TestDatabase } from '../support/db.ts';
import { gamesContext, type TestGamesContext } from '../support/games.ts';
import { SMALL_CAMPAIGN } from '../support/campaigns.ts';
import { ALICE, BOB, orderMail, quote, seatAddress } from './support.ts';

describe('a campaign turn accepted by mail', () => {
  let database: TestDatabase;
  let ctx: TestGamesContext & InboundContext;
  let token: string;
  beforeEach(async () => {
    database = await freshDatabase('pglite');
    ctx = gamesContext(database);
    const created = await createGame(ctx, {
      id: 'war',
      name: 'War',
      ruleset: 'msc-strategic',
      settings: { ...SMALL_CAMPAIGN },
      seats: [
        { side: 'red', email: ALICE, name: 'Alice' },
        { side: 'blue', email: BOB, name: 'Bob' },
      ],
    });
    token = created.seats.find((s) => s.side === 'red')!.token;
    const setup = 'GAME war TURN 0\nBUILD Rdart1 E5 S2 H1 W F AS Rwing\nEND';
    expect((await handleInboundMail(ctx, await orderMail(ALICE, seatAddress(token), setup))).outcome).toBe('accepted');
    ctx.clock.advanceBy(100 * HOUR);
    expect(await resolveNextDueTurn(ctx)).toMatchObject({ turn: 0 });
  });
  afterEach(() => database.drop());

  const lastAccepted = async () =>
    (await ctx.db.select().from(outbox)).filter((m) => m.kind === 'accepted' && m.toAddress === ALICE).at(-1)!;

  it('says the greeting it skipped, as the setup answer does', async () => {
    const text = 'Hello,\nGAME war TURN 1\nMOVE Rwing TO 0205\nEND';
    expect((await handleInboundMail(ctx, await orderMail(ALICE, seatAddress(token), text))).outcome).toBe('accepted');
    const answer = await lastAccepted();
    expect(answer.subject).toBe('[war] Orders accepted for turn 1');
    expect(answer.textBody).toContain('How your mail was read:');
    expect(answer.textBody).toContain('line 1 ("Hello,") read as a greeting or sign-off and skipped');
  });

  it('forecasts the result: where each move ends, and the store after the builds', async () => {
    const text = 'GAME war TURN 1\nBUILD Rx E5 S2 H1 W F AS Rw2\nMOVE Rwing TO 0205\nEND';
    expect((await handleInboundMail(ctx, await orderMail(ALICE, seatAddress(token), text))).outcome).toBe('accepted');
    const answer = (await lastAccepted()).textBody.replace(/\s+/g, ' ');
    expect(answer).toMatch(/forecast: MOVE Rwing from 0101 to 0205 in 5 hexes \(0201, 0202, 0203, 0204, 0205\)/);
    expect(answer).toMatch(
      /forecast: your store 20 BP, \+ 1 BP produced this turn, − 10 BP for 1 build = 11 BP after the builds/,
    );
  });

  it('warns of a ship built that can never roll an attack die of its own, within 78 columns, and accepts it', async () => {
    const text = 'GAME war TURN 1\nBUILD Rx E5 S2 H1 W F AS Rw2\nEND';
    expect((await handleInboundMail(ctx, await orderMail(ALICE, seatAddress(token), text))).outcome).toBe('accepted');
    const body = (await lastAccepted()).textBody;
    for (const line of body.split('\n')) expect(line.length, line).toBeLessThanOrEqual(78);
    expect(body.replace(/\s+/g, ' ')).toContain(
      'warning: BUILD Rx (10 BP) has 3 offensive BP: alone it never rolls an attack die',
    );
  });

  it('says the orders were read from the block edited in the quote, and which lines', async () => {
    const report = (await ctx.db.select().from(outbox))
      .filter((m) => m.toAddress === ALICE && m.subject.startsWith('[war] Turn 1'))
      .at(-1)!;
    const edited = report.textBody.replace(/\nEND\n/, '\nMOVE Rwing TO 0205\nEND\n');
    const text = `Here are my orders:\n\n${quote(edited)}`;
    expect((await handleInboundMail(ctx, await orderMail(ALICE, seatAddress(token), text))).outcome).toBe('accepted');
    const answer = (await lastAccepted()).textBody.replace(/\s+/g, ' ');
    expect(answer).toMatch(/read from the order block you edited in the quoted mail \(lines \d+-\d+\)/);
    expect(answer).toContain('("Here are my orders:") read as a greeting or sign-off and skipped');
  });
});
