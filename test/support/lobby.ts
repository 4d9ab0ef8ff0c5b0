/**
 * Games with an open side, one of each kind: the first side given to a creator-invited player, the other left open for
 * the lobby (seats/lobby.ts).
 */
import type { Ruleset } from '../../src/kinds/index.ts';
import { SMALL_CAMPAIGN } from './campaigns.ts';

export interface OpenGameCase {
  readonly ruleset: Ruleset;
  /** The side the creator seats. */
  readonly seated: string;
  /** The side left open. */
  readonly open: string;
  /** The create input, but its id, seats and joinApproval. */
  readonly base: Record<string, unknown>;
}

export const OPEN_GAME_CASES: readonly OpenGameCase[] = [
  { ruleset: 'msc-tactical', seated: 'black', open: 'grey', base: { scenario: 'tutorial-duel' } },
  { ruleset: 'msc-strategic', seated: 'red', open: 'blue', base: { settings: SMALL_CAMPAIGN } },
  { ruleset: 'scg', seated: 'west', open: 'east', base: { scenario: 'scg-tank-battle' } },
  {
    ruleset: 'mini-combat',
    seated: 'red',
    open: 'blue',
    base: { settings: { points: 400, map: { width: 24, height: 20 } } },
  },
];

/** The create input of `c` with id `id`: its seated side to `email`, the other open. */
export function openGameInput(
  c: OpenGameCase,
  id: string,
  email: string,
  options: { joinApproval?: boolean } = {},
): Record<string, unknown> {
  return {
    ...c.base,
    id,
    name: `Open ${c.ruleset}`,
    ruleset: c.ruleset,
    seats: [
      { side: c.seated, email, name: 'Creator' },
      { side: c.open, open: true },
    ],
    ...(options.joinApproval ? { joinApproval: true } : {}),
  };
}
