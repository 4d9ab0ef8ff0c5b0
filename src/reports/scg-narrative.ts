/**
 * A resolved Simple Combat Game turn told in order (rules-scg.md §17.5):
 * initiative rolls, each move with its stop reason, each activation with its
 * declared targets, every die with the number needed and the modifiers,
 * damage, units destroyed, and the end of the game.
 */
import { unitTypeOf } from '../rules/scg/forces.ts';
import type { MoveEvent, ScgEvent, ScgState } from '../rules/scg/types.ts';
import { wrapWords } from './wrap.ts';

const signed = (n: number) => (n === 0 ? '' : n > 0 ? ` + ${n}` : ` − ${-n}`);

const STOP: Record<MoveEvent['stop'], string> = {
  done: 'done',
  halt: 'halted: an enemy came within its HALT distance',
  allowance: 'its MA is spent',
  blocked: 'blocked',
  hold: 'holds',
};

function moveLine(e: MoveEvent): string {
  if (e.stop === 'hold') return `${e.unit} holds at ${e.from}.`;
  const how =
    e.order === 'path' ? 'along its path' : e.order === 'to' ? `TO ${e.aim}` : `TOWARD ${e.target} (at ${e.aim})`;
  const went =
    e.hexes === 0
      ? `stays at ${e.from}`
      : `${e.from} → ${e.path.join(' ')}, ${e.hexes} ${e.hexes === 1 ? 'hex' : 'hexes'}`;
  const stop = e.stop === 'blocked' ? `blocked${e.blockedBy ? ` by ${e.blockedBy}` : ''}` : STOP[e.stop];
  return `${e.unit} moves ${how}: ${went}; ${stop}.`;
}

/** The sides in seat order when it is known, else as given. */
export function seatOrder(keys: readonly string[], sides: readonly string[] | undefined): string[] {
  if (!sides) return [...keys];
  const rank = (k: string) => (sides.includes(k) ? sides.indexOf(k) : sides.length);
  return [...keys].sort((x, y) => rank(x) - rank(y));
}

/** The turn's events as sentences, one per line (not yet wrapped). */
export function scgNarrative(
  events: readonly ScgEvent[],
  state: Pick<ScgState, 'units' | 'unitTypes'> & { readonly sides?: readonly string[] },
): string[] {
  const dc = (id: string) => {
    const u = state.units.find((x) => x.id === id);
    return u ? (unitTypeOf(state.unitTypes, u.type)?.dc ?? '?') : '?';
  };
  const out: string[] = [];
  for (const e of events) {
    switch (e.type) {
      case 'initiative': {
        // Seat order, as the dice were rolled (§19): a stored document may keep its keys in another order.
        const [a, b] = seatOrder(Object.keys(e.rolls), state.sides);
        const rounds = e.rolls[a!]!.map((ra, i) => {
          const rb = e.rolls[b!]![i]!;
          const t = (side: string, r: number) => `${side} ${r}${e.bonus[side] ? ` + 1 = ${r + 1}` : ''}`;
          return `${t(a!, ra)}, ${t(b!, rb)}`;
        });
        out.push(`Initiative: ${rounds.join('; tied, rolled again: ')}. ${e.order[0]} moves and fires first.`);
        break;
      }
      case 'move':
        out.push(moveLine(e));
        break;
      case 'activation': {
        const d = e.declared.map((x) =>
          x.target !== null
            ? `${x.weapon} at ${x.target}${x.indirect ? ' (indirect)' : ''}`
            : `${x.weapon} ${x.reason === 'moved' ? 'cannot fire (static, moved)' : x.reason === 'hold' ? 'holds fire' : 'has no target'}`,
        );
        out.push(`${e.unit} fires: ${d.join(', ')}.`);
        break;
      }
      case 'shot':
        out.push(
          `  ${e.weapon} at ${e.target}, range ${e.range} (${e.distance} ${e.distance === 1 ? 'hex' : 'hexes'}): needs ${e.need}, rolls ${e.roll}${signed(e.modifier)}${e.modifier === 0 ? '' : ` = ${e.roll + e.modifier}`}${e.roll === 1 ? ' (a 1 always fails)' : ''}: ${e.hit ? 'hit' : 'miss'}.`,
        );
        break;
      case 'damage':
        out.push(
          `  ${e.weapon} damage to ${e.target}: needs ${e.need}, rolls ${e.roll}${signed(e.modifier)}${e.modifier === 0 ? '' : ` = ${e.roll + e.modifier}`} (AR): ${e.damaged ? `${e.power} damage, ${e.target} has ${e.damage}${dc(e.target) === '?' ? ' in all' : ` of ${dc(e.target)}`}` : 'no damage'}.`,
        );
        break;
      case 'wasted':
        out.push(`  ${e.weapon}'s hit on ${e.target} is wasted: ${e.target} is already destroyed.`);
        break;
      case 'destroyed':
        out.push(`  ${e.unit} is destroyed at ${e.hex} (by ${e.by}'s ${e.weapon}) and removed.`);
        break;
      case 'game-over': {
        const why = {
          destroyed: 'a side has no unit left',
          'turn-limit': 'the turn limit is reached',
          concession: 'a side conceded',
        }[e.reason];
        const scores = Object.entries(e.scores)
          .map(([s, n]) => `${s} ${n}`)
          .join(', ');
        out.push(`Game over (${why}): ${e.winner === null ? 'a draw' : `${e.winner} wins`}. Scores: ${scores}.`);
        break;
      }
    }
  }
  return out;
}

/** The narrative wrapped to `width` columns, continuation lines indented. */
export function scgNarrativeText(lines: readonly string[], width = 78): string[] {
  return lines.flatMap((l) => wrapWords(l, width, l.startsWith('  ') ? '      ' : '    '));
}
