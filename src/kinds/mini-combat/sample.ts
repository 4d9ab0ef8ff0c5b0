/**
 * A small Mini Combat battle as its creator might set one up
 * (`GameKind.sample`): 300 points a side, a rifle section at each edge and a
 * pair of hidden scouts far out on the flank — whose ids the other side must
 * never read while the battle runs (§9.3: hidden Scouts are in no view of the
 * enemy until they move, attack or meet it).
 */
import type { KindSample } from '../kind.ts';

const DESIGNS = [
  'DESIGN Rifle INFANTRY MV10 RG30 TH4 SV6 PW2 AR2 MO4',
  'DESIGN Scout INFANTRY MV15 RG20 TH4 SV5 PW1 AR1 MO3 SP Sc Rec',
];

const setup = (units: readonly string[]) => (gameId: string) =>
  [`GAME ${gameId} TURN 0`, ...DESIGNS, ...units, 'END', ''].join('\n');

export const miniSample: KindSample = {
  create: { settings: { battle: 'standard', points: 300 } },
  seats: ['red', 'blue'],
  setups: {
    red: setup(['UNIT Alpha Rifle*3 AT 0104 FACE S', 'UNIT Ghost Scout*2 AT 2412 FACE S']),
    blue: setup(['UNIT Bravo Rifle*3 AT 0133 FACE N', 'UNIT Wraith Scout*2 AT 2425 FACE N']),
  },
  secrets: { red: ['Ghost'], blue: ['Wraith'] },
};
