/**
 * What an ordinary order mail asks of PostgreSQL: its statements, in order, and the writes they go out in (each write
 * a wait for the server, since the connection is pipelined). The mail receiver's rate is bounded by them: a statement
 * or a write more here is a regression, whatever the machine's speed.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { handleInboundMail, type InboundContext } from '../../src/mail/inbound.ts';
import { databaseKinds, freshDatabase, statementsDuring, writesDuring, type TestDatabase } from '../support/db.ts';
import { duelOrders, gamesContext, turnRow, tutorialDuel, type TestGamesContext } from '../support/games.ts';
import { ALICE, answers, BOB, orderMail, seatAddress } from './support.ts';

/** A statement told by its opening words (drizzle's column lists left out). */
function label(statement: string): string {
  const text = statement.trim().replace(/\s+/g, ' ');
  if (text.startsWith('select "games"."id"') && text.includes('for update of "turns"')) return 'lock the turn';
  if (text.startsWith('with standings as')) return 'store the orders';
  return text.split(/ \(|"\."|, /)[0]!.slice(0, 60);
}

describe.skipIf(!databaseKinds.includes('postgres'))('an order mail on PostgreSQL', () => {
  let database: TestDatabase;
  let ctx: TestGamesContext & InboundContext;
  let tokens: Record<string, string>;

  beforeEach(async () => {
    database = await freshDatabase('postgres');
    ctx = gamesContext(database);
    tokens = (await tutorialDuel(ctx, { id: 'duel-1' })).tokens;
    // A game set up without invitations: both seats have joined, and what follows is an ordinary turn's mail.
  });
  afterEach(() => database.drop());

  const orderMailOf = async (from: string, side: 'black' | 'grey') =>
    orderMail(from, seatAddress(tokens[side]!), duelOrders('duel-1', side));

  const STATEMENTS = [
    'begin',
    // The claim of the Message-ID, the seat its token opens, its game, the sender's rate.
    'with claimed as',
    'savepoint sp1',
    'lock the turn',
    'store the orders',
    // The acceptance, and the sender woken at commit.
    'with inserted as',
    'release savepoint sp1',
    'update "inbound_messages" set "game_id" = $1',
    'commit',
  ];

  it('orders that do not complete the turn: 9 statements in 5 writes', async () => {
    const raw = await orderMailOf(ALICE, 'black');
    const { writes, result } = await writesDuring(database, () =>
      statementsDuring(database, () => handleInboundMail(ctx, raw)),
    );
    expect(result.result.outcome).toBe('accepted');
    expect(result.result.detail).not.toHaveProperty('turnComplete');
    expect(result.statements.map(label)).toEqual(STATEMENTS);
    // BEGIN + claim; SAVEPOINT + lock; store; acceptance; RELEASE + settle + COMMIT.
    expect(writes).toBe(5);
    expect((await answers(ctx.db)).map((m) => [m.kind, m.toAddress])).toEqual([['accepted', ALICE]]);
  });

  it('the orders that complete the turn: the same 9 statements in 5 writes, and the turn falls due', async () => {
    await handleInboundMail(ctx, await orderMailOf(ALICE, 'black'));
    const raw = await orderMailOf(BOB, 'grey');
    const { writes, result } = await writesDuring(database, () =>
      statementsDuring(database, () => handleInboundMail(ctx, raw)),
    );
    expect(result.result).toMatchObject({ outcome: 'accepted', detail: { turnComplete: true } });
    expect(result.statements.map(label)).toEqual(STATEMENTS);
    expect(writes).toBe(5);
    expect((await turnRow(ctx.db, 'duel-1', 1))?.dueAt).toBeInstanceOf(Date);
  });
});
