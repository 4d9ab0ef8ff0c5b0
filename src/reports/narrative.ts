/**
 * A turn's events as sentences, in the order they happened, every die shown:
 * the "what happened" part of a turn report.
 */
import type { NoShotEvent, TurnEvent } from '../rules/events.ts';

/** Why a named target could not be fired at, as the report says it. */
const WHY: Record<NoShotEvent['targets'][number]['why'], (target: string, range: number | null) => string> = {
  'not-in-play': (t) => `${t} no longer in play`,
  'out-of-range': (t, range) => `${t} out of range (${range ?? '?'}; 6 at most)`,
  'out-of-arc': (t) => `${t} outside its arc`,
  'no-line-of-sight': (t) => `${t} out of sight (no clear line)`,
};

function describeNoShot(e: NoShotEvent): string {
  const who = `${e.firer} ${e.weapon}`;
  if (e.reason === 'weapon-lost') return `${who} does not fire: the weapon was destroyed earlier in the combat`;
  // Targets with the same reason together: "R1 and R2 outside its arc".
  const byWhy = new Map<string, string[]>();
  for (const t of e.targets) {
    const key = t.why === 'out-of-range' ? `${t.why}:${t.range}` : t.why;
    byWhy.set(key, [...(byWhy.get(key) ?? []), t.ship]);
  }
  const named = [...byWhy.values()].map((ships) => {
    const t = e.targets.find((x) => x.ship === ships[0])!;
    return WHY[t.why](listed(ships), t.range);
  });
  const because = named.length > 0 ? `${named.join('; ')}; ` : '';
  return e.hold
    ? `${who} holds fire: ${because}HOLD: no other target`
    : `${who} does not fire: ${because}no other enemy in reach`;
}

const listed = (ids: readonly string[]) =>
  ids.length <= 1 ? ids.join('') : `${ids.slice(0, -1).join(', ')} and ${ids.at(-1)}`;

const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '±0');

function describeEvent(e: TurnEvent, sideName: (side: string) => string = (s) => s): string {
  switch (e.type) {
    case 'solo-move': {
      const rolls = [
        e.friendlyTieRoll !== undefined ? `friendly tie ${e.friendlyTieRoll}` : null,
        e.enemyTieRoll !== undefined ? `enemy tie ${e.enemyTieRoll}` : null,
        e.friendlySideRoll !== undefined ? `friendly side ${e.friendlySideRoll}` : null,
        e.enemySideRoll !== undefined ? `enemy side ${e.enemySideRoll}` : null,
        e.tableRoll !== undefined ? `table ${e.tableRoll} (column ${e.column})` : null,
      ].filter(Boolean);
      const where = e.enemy
        ? `nearest enemy ${e.enemy} on the ${e.enemySide === 'L' ? 'left' : 'right'}`
        : 'no enemy in play';
      const friend = e.friendly
        ? `, nearest friend ${e.friendly} on the ${e.friendlySide === 'L' ? 'left' : 'right'}`
        : '';
      return `${e.ship} (solo rules) at SPEED ${e.speed}: ${where}${friend}; ${rolls.length ? `rolls ${rolls.join(', ')}` : 'no roll'} → ${e.plot}`;
    }
    case 'move': {
      // At SPEED 0 the plot is empty (or 0): "B3 SPEED 0: stays", not "B3 SPEED 0 0: stays".
      const plot = e.speed === 0 && (e.plot === '' || e.plot === '0') ? '' : ` ${e.plot}`;
      const standing = e.source === 'standing' ? ' (no orders: standing order)' : '';
      return e.path.length === 0 && e.from === e.to
        ? `${e.ship} SPEED ${e.speed}${plot}: stays in ${e.to}, facing ${e.facing}${standing}`
        : `${e.ship} SPEED ${e.speed}${plot}: ${e.from} → ${e.to}, facing ${e.facing}${standing}`;
    }
    case 'disengaged':
      return e.reason === 'conceded'
        ? `${e.ship} leaves the battle: its side conceded`
        : `${e.ship} flies off the map from ${e.hex} and has disengaged`;
    case 'initiative': {
      // A tie is rolled again: "Black 5, tie, then 2" says why there is a second roll.
      const rolls = Object.entries(e.rolls)
        .map(
          ([side, r]) => `${sideName(side)} ${r.map((roll, i) => (i === 0 ? roll : `tie, then ${roll}`)).join(', ')}`,
        )
        .join('; ');
      return `Initiative: ${rolls} — firing order ${e.order.map(sideName).join(', ')}`;
    }
    case 'solo-target':
      return `${e.ship} ${e.weapon} (solo rules) chooses among ${e.candidates.join(', ')}: roll ${e.roll} → ${e.target}`;
    case 'no-shot':
      return describeNoShot(e);
    case 'shot':
      return `${e.firer} ${e.weapon} fires at ${e.target}, range ${e.range} (${signed(e.modifier)}), needs ${e.need} or less: rolls ${e.roll} — ${e.hit ? 'HIT' : 'miss'}`;
    case 'damage': {
      const what =
        e.effect === 'shields'
          ? `SHIELDS −1 (${e.shields} left)`
          : e.effect === 'engine'
            ? `ENGINE −1 (${e.engine} left)`
            : `${e.effect.slice('weapon:'.length)} weapon destroyed`;
      const side = e.side ? `, ${e.side} side facing the firer` : '';
      return `  damage roll ${e.roll}${side}: ${e.target} ${what}`;
    }
    case 'destroyed':
      return `${e.ship} is destroyed in ${e.hex}`;
    case 'game-over':
      if (e.reason === 'draw') return 'The game is over: no side is left — a draw';
      if (e.reason === 'turn-limit') {
        const scores = Object.entries(e.scores ?? {})
          .map(([side, bp]) => `${sideName(side)} ${bp} BP`)
          .join(', ');
        return `The turn limit is reached (${scores}): ${e.winner ? `${sideName(e.winner)} wins` : 'a draw'}`;
      }
      return `The game is over: ${sideName(e.winner ?? '')} wins${e.reason === 'concession' ? ' by concession' : ''}`;
  }
}

export function narrative(events: readonly TurnEvent[], sideName?: (side: string) => string): string[] {
  return events.map((e) => describeEvent(e, sideName));
}

/**
 * Narrative lines for a text of `width` columns: each indented by `indent`, a sentence too long for one line broken
 * at spaces and continued two columns further in, so a continuation never reads as the next event.
 */
export function narrativeText(lines: readonly string[], width: number, indent = 2): string[] {
  return lines.flatMap((line) => {
    const lead = ' '.repeat(indent + (/^ */.exec(line)?.[0].length ?? 0));
    const hang = `${lead}  `;
    const out: string[] = [];
    let current = lead;
    for (const word of line.trim().split(/ +/)) {
      if (current.trim() !== '' && current.length + 1 + word.length > width) {
        out.push(current);
        current = hang;
      }
      current = current.trim() === '' ? current + word : `${current} ${word}`;
    }
    return [...out, current];
  });
}
