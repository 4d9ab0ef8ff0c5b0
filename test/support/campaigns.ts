/**
 * The campaign settings the service tests share (documents for `createGame`, `POST /api/games` and the pages).
 */

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
