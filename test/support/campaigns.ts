/**
 * The campaign settings the service tests share (documents for `createGame`, `POST /api/games` and the pages).
 */
import { expect } from 'vitest';
import { HOUR, type TestClock } from '../../src/games/clock.ts';
import type { GamesContext } from '../../src/games/context.ts';
import { resolveNextDueTurn } from '../../src/games/turns/resolution.ts';

/**
 * Red (home 0101) and Blue (home 0707) on a 7 × 7 generated map of four systems, 30 BP each, 24-hour turns and a
 * 48-hour setup: a fleet of ENGINE 5 reaches the other home in two turns.
 */
export const SMALL_CAMPAIGN = {
  sides: [
    { id: 'red', name: 'Red League' },
    { id: 'blue', name: 'Blue Union' },
  ],
  map: { kind: 'generated', width: 7, height: 7, systems: 4, seed: 'api' },
  budget: 30,
  turnHours: 24,
  setupHours: 48,
} as const;

/** Blue and Red on a 10 × 8 generated map of six systems, battles fought as tactical games, 24-hour turns and setup. */
export const WAR_CAMPAIGN = {
  sides: [
    { id: 'blue', name: 'Blue Union' },
    { id: 'red', name: 'Red League' },
  ],
  map: { kind: 'generated', width: 10, height: 8, systems: 6, seed: 'war' },
  battles: 'tactical',
  turnHours: 24,
  setupHours: 24,
} as const;

/**
 * A campaign played under fog of war, for the tests that scan what each reader receives: ids and designs no other
 * text holds. Red: a fast pair in Rwing, which heads for Blue's home (0707) by 0404, out of sensor range, then on to
 * it. Blue: Bspear1 (E4 S3 H1) guarding home in Bhost, and a 15-BP Bshade2 (E3 S4 H4 W F,FL) in Bhide.
 */
export const FOG_CAMPAIGN = {
  setups: (id: string): Record<'red' | 'blue', string> => ({
    red: [
      `GAME ${id} TURN 0`,
      'BUILD Rdart1 E5 S2 H1 W F AS Rwing',
      'BUILD Rdart2 E5 S2 H1 W F JOIN Rwing',
      'END',
    ].join('\n'),
    blue: [
      `GAME ${id} TURN 0`,
      'BUILD Bspear1 E4 S3 H1 W F AS Bhost',
      'BUILD Bshade2 E3 S4 H4 W F,FL AS Bhide',
      'END',
    ].join('\n'),
  }),
  turn1: (id: string): Record<'red' | 'blue', string> => ({
    red: [`GAME ${id} TURN 1`, 'MOVE Rwing TO 0404', 'END'].join('\n'),
    blue: [`GAME ${id} TURN 1`, 'LOSSES Bhide Bshade2', 'RETREAT Bhost AFTER 3', 'END'].join('\n'),
  }),
  /** Red's orders for turn 2: on to Blue's home. */
  redTurn2: (id: string): string => [`GAME ${id} TURN 2`, 'MOVE Rwing TO 0707', 'END'].join('\n'),
  ships: { red: ['Rdart1', 'Rdart2'], blue: ['Bspear1', 'Bshade2'] },
} as const;

/**
 * Plays FOG_CAMPAIGN from turn 1 (its orders in) to its end, a day a turn, with Red's second move after turn 1;
 * `check(turn, over)` runs after each turn resolves. The last turn played.
 */
export async function playFogCampaign(
  ctx: GamesContext & { readonly clock: TestClock },
  id: string,
  send: (side: 'red' | 'blue', text: string) => Promise<unknown>,
  check: (turn: number, over: boolean) => Promise<unknown>,
): Promise<number> {
  let over = false;
  let turn = 0;
  while (!over && turn < 4) {
    turn += 1;
    ctx.clock.advanceBy(25 * HOUR);
    const resolved = await resolveNextDueTurn(ctx);
    expect(resolved).toMatchObject({ gameId: id, turn });
    over = resolved!.gameOver;
    await check(turn, over);
    if (turn === 1 && !over) await send('red', FOG_CAMPAIGN.redTurn2(id));
  }
  expect(over, 'the fog campaign ended').toBe(true);
  return turn;
}
