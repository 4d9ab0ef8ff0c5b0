/**
 * rules-scg.md §13 rule 1, through the service: "a side may concede at any time (`CONCEDE`). A turn resolved with a
 * conceded side ends the game before anything is rolled or moved: the other side wins." A CONCEDE by mail leaves no
 * side that must order, so the turn resolves at once and the game ends.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { games } from '../../src/db/schema.ts';
import { createGame } from '../../src/games/games/create.ts';
import { resolveNextDueTurn } from '../../src/games/turns/resolution.ts';
import { handleInboundMail } from '../../src/mail/inbound.ts';
import { orderMail, seatAddress } from '../mail/support.ts';
import { startTestApp, type TestApp } from '../web/support.ts';

describe('a Simple Combat Game conceded by mail', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp('pglite');
  });
  afterAll(() => app.close());

  it('ends with the other side the winner, nothing rolled', async () => {
    const { seats } = await createGame(app.ctx, {
      id: 'scg-yield',
      name: 'Yield',
      ruleset: 'scg',
      scenario: 'scg-tank-battle',
      seats: [
        { side: 'west', email: 'w@pbem.test', name: 'Ann' },
        { side: 'east', email: 'e@pbem.test', name: 'Bob' },
      ],
    });
    const west = seats.find((s) => s.side === 'west')!.token;
    const mail = await orderMail('w@pbem.test', seatAddress(west), 'GAME scg-yield TURN 1\nCONCEDE scg-yield\nEND\n');
    const answer = await handleInboundMail(app.ctx, mail);
    expect(answer.outcome).not.toMatch(/rejected|failed/);
    const resolved = await resolveNextDueTurn(app.ctx, 'scg-yield');
    expect(resolved).toMatchObject({ turn: 1, gameOver: true });
    const [game] = await app.database.db.select().from(games).where(eq(games.id, 'scg-yield'));
    expect(game!.status).toBe('finished');
    expect(game!.result).toMatchObject({ winner: 'east', reason: 'concession' });
  });
});
