/**
 * Every die a turn rolled, in the order rolled, each with what it decided:
 * the archive's dice table, so that anyone can check a turn die by die
 * against the published seed.
 */
import type { TurnEvent } from '../rules/events.ts';

export interface DieRoll {
  /** What the die decided, e.g. `initiative: black`, `Black F at Grey: to hit (needs 4 or less)`. */
  readonly what: string;
  readonly roll: number;
}

function soloMoveRolls(e: Extract<TurnEvent, { type: 'solo-move' }>): DieRoll[] {
  const out: DieRoll[] = [];
  if (e.friendlyTieRoll !== undefined)
    out.push({ what: `${e.ship} (solo): nearest friend, tie`, roll: e.friendlyTieRoll });
  if (e.enemyTieRoll !== undefined) out.push({ what: `${e.ship} (solo): nearest enemy, tie`, roll: e.enemyTieRoll });
  if (e.friendlySideRoll !== undefined)
    out.push({ what: `${e.ship} (solo): side of the friend`, roll: e.friendlySideRoll });
  if (e.enemySideRoll !== undefined) out.push({ what: `${e.ship} (solo): side of the enemy`, roll: e.enemySideRoll });
  if (e.tableRoll !== undefined)
    out.push({ what: `${e.ship} (solo): movement table, column ${e.column ?? '?'}`, roll: e.tableRoll });
  return out;
}

export function diceRolls(events: readonly TurnEvent[]): DieRoll[] {
  const out: DieRoll[] = [];
  let lastShot: string | null = null;
  for (const e of events) {
    switch (e.type) {
      case 'solo-move':
        out.push(...soloMoveRolls(e));
        break;
      case 'initiative':
        for (const [side, rolls] of Object.entries(e.rolls))
          rolls.forEach((roll, i) => out.push({ what: `initiative: ${side}${i > 0 ? ' (re-roll)' : ''}`, roll }));
        break;
      case 'solo-target':
        out.push({ what: `${e.ship} ${e.weapon} (solo): target among ${e.candidates.join(', ')}`, roll: e.roll });
        break;
      case 'shot':
        lastShot = `${e.firer} ${e.weapon} at ${e.target}`;
        out.push({ what: `${lastShot}: to hit (needs ${e.need} or less)`, roll: e.roll });
        break;
      case 'damage':
        out.push({ what: `${lastShot ?? e.target}: damage to ${e.target}`, roll: e.roll });
        break;
      default:
        break;
    }
  }
  return out;
}
