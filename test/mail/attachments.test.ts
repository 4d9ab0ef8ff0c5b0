/**
 * Orders in an attachment (docs/mail.md "What to write"): a `text/plain` attachment holding an order block is read
 * as the orders when the text of the mail has none, and the answer says so; an attachment that was not read is said
 * plainly, in an acceptance as in a refusal.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { handleInboundMail, type InboundContext } from '../../src/mail/inbound.ts';
import { freshDatabase, type TestDatabase } from '../support/db.ts';
import { duelOrders, gamesContext, tutorialDuel, type TestGamesContext } from '../support/games.ts';
import { ALICE, answers, BOB, composeMail, seatAddress, submissionRows } from './support.ts';
import { createGameAndInvite } from '../../src/games/games/create.ts';

describe('orders in an attachment', () => {
  let database: TestDatabase;
  let ctx: TestGamesContext & InboundContext;
  let gameId: string;
  let tokens: Record<string, string>;
  beforeEach(async () => {
    database = await freshDatabase('pglite');
    ctx = gamesContext(database);
    const duel = await tutorialDuel(ctx, { id: 'duel-1' });
    gameId = duel.game.id;
    tokens = duel.tokens;
  });
  afterEach(() => database.drop());

  const lastAnswer = async () => (await answers(ctx.db)).at(-1)!;

  it('"Orders attached." with the block in orders.txt: read from the attachment, and the answer says so', async () => {
    const raw = await composeMail({
      from: ALICE,
      to: seatAddress(tokens.black!),
      subject: 'turn 1',
      text: 'Orders attached.\n',
      attachments: [{ filename: 'orders.txt', content: duelOrders(gameId, 'black'), contentType: 'text/plain' }],
    });
    const r = await handleInboundMail(ctx, raw);
    expect(r.outcome).toBe('accepted');
    expect(await submissionRows(ctx.db, gameId)).toHaveLength(1);
    const answer = await lastAnswer();
    expect(answer.kind).toBe('accepted');
    expect(answer.textBody.replace(/\s+/g, ' ')).toContain('read from the attached file "orders.txt"');
  });

  it('a reply to the invitation with its orders attached joins, and the orders are taken', async () => {
    const created = await createGameAndInvite(
      ctx,
      {
        id: 'invited',
        name: 'Invited duel',
        scenario: 'tutorial-duel',
        seats: [
          { side: 'black', email: ALICE, name: 'Alice' },
          { side: 'grey', email: BOB, name: 'Bob' },
        ],
      },
      'api',
    );
    const token = created.seats.find((s) => s.side === 'black')!.token;
    const raw = await composeMail({
      from: ALICE,
      to: seatAddress(token),
      subject: 'Re: Invitation',
      text: 'Count me in, see the file.\n',
      attachments: [{ filename: 'orders.txt', content: duelOrders('invited', 'black'), contentType: 'text/plain' }],
    });
    expect((await handleInboundMail(ctx, raw)).outcome).toBe('accepted');
    expect(await submissionRows(ctx.db, 'invited')).toHaveLength(1);
  });

  it('orders in the text and a picture attached: the answer says the attachment was not read', async () => {
    const raw = await composeMail({
      from: ALICE,
      to: seatAddress(tokens.black!),
      subject: 'turn 1',
      text: duelOrders(gameId, 'black'),
      attachments: [{ filename: 'map.png', content: Buffer.from('not really a png'), contentType: 'image/png' }],
    });
    expect((await handleInboundMail(ctx, raw)).outcome).toBe('accepted');
    const answer = await lastAnswer();
    expect(answer.textBody.replace(/\s+/g, ' ')).toContain('the attachment "map.png" was not read');
  });

  it("an attachment with wrong orders: refused with its lines, and the answer says they are the attachment's", async () => {
    const raw = await composeMail({
      from: ALICE,
      to: seatAddress(tokens.black!),
      subject: 'turn 1',
      text: 'See the file.\n',
      attachments: [
        {
          filename: 'orders.txt',
          content: `GAME ${gameId} TURN 1\nSHIP Black SPEED 99\nEND\n`,
          contentType: 'text/plain',
        },
      ],
    });
    const r = await handleInboundMail(ctx, raw);
    expect(r.outcome).toBe('rejected');
    const answer = await lastAnswer();
    expect(answer.textBody).toContain('2 | SHIP Black SPEED 99');
    expect(answer.textBody.replace(/\s+/g, ' ')).toContain('those of the attached file "orders.txt"');
    expect(await submissionRows(ctx.db, gameId)).toHaveLength(0);
  });
});
