/**
 * A turn's events as sentences, in the order they happened, every die shown:
 * the "what happened" part of a turn report.
 */
import type { TurnEvent } from '../rules/events.ts';

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
    case 'move':
      return e.path.length === 0 && e.from === e.to
        ? `${e.ship} SPEED ${e.speed} ${e.plot}: stays in ${e.to}, facing ${e.facing}${e.source === 'standing' ? ' (no orders: standing order)' : ''}`
        : `${e.ship} SPEED ${e.speed} ${e.plot}: ${e.from} → ${e.to}, facing ${e.facing}${e.source === 'standing' ? ' (no orders: standing order)' : ''}`;
    case 'disengaged':
      return e.reason === 'conceded'
        ? `${e.ship} leaves the battle: its side conceded`
        : `${e.ship} flies off the map from ${e.hex} and has disengaged`;
    case 'initiative': {
      const rolls = Object.entries(e.rolls)
        .map(([side, r]) => `${sideName(side)} ${r.join(', then ')}`)
        .join('; ');
      return `Initiative: ${rolls} — firing order ${e.order.map(sideName).join(', ')}`;
    }
    case 'solo-target':
      return `${e.ship} ${e.weapon} (solo rules) chooses among ${e.candidates.join(', ')}: roll ${e.roll} → ${e.target}`;
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
