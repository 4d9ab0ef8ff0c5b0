/**
 * A campaign turn told as one side saw it (rules-strategic.md §6): its own
 * production, builds, transfers and moves; what its sensors found; every
 * battle it fought, round by round with every die; its losses and retreats,
 * and the enemy's as far as the battle showed them; captures and the end.
 * Enemy fleet and ship ids, designs, store and orders are never named: an
 * enemy fleet is told by where it is and, where the side knows it, its size.
 * An observer (side null) is told everything.
 */
import type { CampaignEvent, StrategicShip } from '../../rules/strategic/types.ts';
import { shipCost } from '../../rules/strategic/ships.ts';
import type { ReportedBattle } from '../kind.ts';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const dice = (faces: readonly number[]) => (faces.length === 0 ? 'no dice' : faces.join(' '));
const hits = (faces: readonly number[]) => faces.filter((f) => f >= 5).length;

export function designText(s: StrategicShip): string {
  const weapons = s.weapons.length === 0 ? '-' : s.weapons.join(',');
  return `E${s.engine} S${s.shields} H${s.toHit} W ${weapons}, ${shipCost(s)} BP`;
}

const BATTLE_END: Readonly<Record<string, string>> = {
  destroyed: 'one side had no ships left',
  retreat: "one side's last fleets retreated",
  'no-dice': 'neither side had attack dice: both stay',
  rounds: 'the last round was fought: both stay',
  tactical: 'fought as a tactical battle',
};

const GAME_OVER: Readonly<Record<string, string>> = {
  'no-ships': 'a side has no ships left',
  'home-occupied': 'an enemy fleet holds a home system',
  'both-lost': 'both sides lost',
  'turn-limit': 'the turn limit was reached, scored by ships’ BP',
  conceded: 'a side conceded',
};

/** The turn's events as `side` saw them (null: everything, for moderators and the archive). */
export function campaignNarrative(
  events: readonly CampaignEvent[],
  side: string | null,
  sideName: (side: string) => string,
  /** The turn's battles fought as tactical games, in battle order: who won each, and where to read it. */
  linked: readonly ReportedBattle[] = [],
): string[] {
  const out: string[] = [];
  let tacticalBattles = 0;
  const mine = (s: string) => side === null || s === side;
  const who = (s: string) => (side === null ? sideName(s) : s === side ? 'you' : 'the enemy');
  // The sides, as every turn's production names them: ids belong to a side, so an observer is told whose a fleet is.
  const sides = [...new Set(events.flatMap((e) => (e.type === 'production' ? [e.side] : [])))];
  const enemyOf = (s: string) => sides.find((x) => x !== s);
  /** Battles by hex: who attacks, to tell each round from the reader's side. */
  const battles = new Map<string, { attacker: string; defender: string }>();
  for (const e of events) {
    switch (e.type) {
      case 'production':
        if (mine(e.side))
          out.push(
            `Production: ${who(e.side) === 'you' ? 'your' : `${sideName(e.side)}'s`} ${plural(e.systems.length, 'system')}` +
              `${e.systems.length > 0 ? ` (${e.systems.join(' ')})` : ''} yielded ${e.produced} BP; store ${e.store} BP.`,
          );
        break;
      case 'build':
        if (mine(e.side))
          out.push(
            e.skipped
              ? `Build of ${e.ship.id} (${designText(e.ship)}) skipped: the store could not pay ${e.cost} BP.`
              : `${side === null ? `${sideName(e.side)} built` : 'Built'} ${e.ship.id} (${designText(e.ship)}) in fleet ${e.fleet}.`,
          );
        break;
      case 'initiative': {
        const rolls = Object.entries(e.rolls).map(([s, r]) => `${sideName(s)} rolled ${r.join(', then ')}`);
        out.push(`Initiative: ${rolls.join('; ')}. ${sideName(e.order[0]!)} moves first.`);
        break;
      }
      case 'transfer':
        if (mine(e.side)) {
          const what =
            e.kind === 'merge'
              ? `fleet ${e.from} merged into ${e.to}`
              : e.kind === 'split'
                ? `${e.ships.join(' ')} split from ${e.from} as fleet ${e.to}`
                : `${e.ships.join(' ')} transferred from ${e.from} to ${e.to}`;
          out.push(`At ${e.hex}: ${side === null ? `${sideName(e.side)}: ` : ''}${what}.`);
        }
        break;
      case 'move':
        if (mine(e.side)) {
          const via = e.path.slice(0, -1);
          out.push(
            `${side === null ? `${sideName(e.side)}'s fleet` : 'Fleet'} ${e.fleet} moved ${e.from} to ${e.to}` +
              `${via.length > 0 ? ` via ${via.join(' ')}` : ''}.`,
          );
        }
        break;
      case 'sensor':
        if (side === null)
          out.push(
            `Sensors: ${sideName(e.side)}'s ${e.by} detected ` +
              `${enemyOf(e.side) === undefined ? '' : `${sideName(enemyOf(e.side)!)}'s `}fleet ${e.fleet} ` +
              `(${plural(e.ships, 'ship')}) at ${e.hex}.`,
          );
        else if (e.side === side)
          out.push(`Sensors: your fleet ${e.by} detected an enemy fleet of ${plural(e.ships, 'ship')} at ${e.hex}.`);
        break;
      case 'battle': {
        battles.set(e.hex, { attacker: e.attacker, defender: e.defender });
        if (side === null) {
          out.push(
            `Battle at ${e.hex}: ${sideName(e.attacker)} attacks ${sideName(e.defender)} (fleets ${e.fleets.join(' ')}).`,
          );
        } else {
          const role = e.attacker === side ? 'you attack' : 'you defend';
          out.push(`Battle at ${e.hex}: ${role}.`);
        }
        break;
      }
      case 'round': {
        const b = battles.get(e.hex);
        const att = b ? who(b.attacker) : 'the attacker';
        const def = b ? who(b.defender) : 'the defender';
        const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
        /** `you attack`, `the enemy attacks`, `Blue attacks`. */
        const verb = (subject: string, base: string) => `${subject} ${subject === 'you' ? base : `${base}s`}`;
        out.push(`  Round ${e.round} at ${e.hex}:`);
        out.push(
          `    ${cap(verb(att, 'attack'))}: ${dice(e.attackerDice)} (${plural(hits(e.attackerDice), 'hit')}); ` +
            `${verb(def, 'save')}: ${dice(e.defenderSaves)} (${plural(hits(e.defenderSaves), 'save')}); ` +
            `${verb(def, 'lose')} ${plural(e.defenderLosses, 'ship')}.`,
        );
        out.push(
          `    ${cap(verb(def, 'attack'))}: ${dice(e.defenderDice)} (${plural(hits(e.defenderDice), 'hit')}); ` +
            `${verb(att, 'save')}: ${dice(e.attackerSaves)} (${plural(hits(e.attackerSaves), 'save')}); ` +
            `${verb(att, 'lose')} ${plural(e.attackerLosses, 'ship')}.`,
        );
        break;
      }
      case 'lost':
        if (side === null) out.push(`    ${sideName(e.side)} lost ${e.ship} of fleet ${e.fleet} at ${e.hex}.`);
        else if (e.side === side) out.push(`    Lost: your ship ${e.ship} of fleet ${e.fleet}.`);
        break;
      case 'retreat':
        if (side === null) out.push(`  ${sideName(e.side)}'s fleet ${e.fleet} retreated from ${e.from} to ${e.to}.`);
        else if (e.side === side) out.push(`  Your fleet ${e.fleet} retreated from ${e.from} to ${e.to}.`);
        else out.push(`  An enemy fleet retreated from ${e.from} to ${e.to}.`);
        break;
      case 'battle-end':
        if (e.reason === 'tactical') {
          const game = linked.findLast((b) => b.index === tacticalBattles);
          out.push(...tacticalEnd(e.hex, events, battles.get(e.hex), side, sideName, game));
          tacticalBattles++;
          break;
        }
        out.push(
          `  The battle at ${e.hex} ended${e.rounds > 0 ? ` after ${plural(e.rounds, 'round')}` : ''}: ${BATTLE_END[e.reason] ?? e.reason}.`,
        );
        break;
      case 'capture':
        out.push(`${e.hex} is captured by ${side === null ? sideName(e.side) : who(e.side)}.`);
        break;
      case 'loss-of-control':
        out.push(`${e.hex} is lost by ${side === null ? sideName(e.side) : who(e.side)}: nobody owns it now.`);
        break;
      case 'skipped':
        if (mine(e.side))
          out.push(`${side === null ? `${sideName(e.side)}: ` : ''}Order skipped: ${e.order}: ${e.reason}.`);
        break;
      case 'conceded':
        out.push(`${sideName(e.side)} conceded.`);
        break;
      case 'game-over':
        out.push(
          `The campaign is over: ${e.winner === 'draw' ? 'a draw' : `${sideName(e.winner)} wins`} (${GAME_OVER[e.reason] ?? e.reason}).`,
        );
        break;
    }
  }
  return out;
}

/**
 * How a battle fought as a tactical game ended, as the reader's side saw it (a tactical battle hides nothing from
 * those who fought it): the game, who won it, each side's ships destroyed (counts: an enemy ship is never named), and
 * where to read the battle, turn by turn.
 */
function tacticalEnd(
  hex: string,
  events: readonly CampaignEvent[],
  sides: { attacker: string; defender: string } | undefined,
  side: string | null,
  sideName: (side: string) => string,
  game: ReportedBattle | undefined,
): string[] {
  const lost = (s: string) => events.filter((x) => x.type === 'lost' && x.hex === hex && x.side === s).length;
  const name = (s: string) => (side === null ? sideName(s) : s === side ? 'you' : 'the enemy');
  const winner =
    game === undefined
      ? ''
      : game.winner === null
        ? ', which ended with no winner'
        : game.winner === 'draw'
          ? ', which ended in a draw'
          : `, which ${name(game.winner)} won`;
  const fought = game ? `fought as tactical game ${game.gameId}${winner}` : 'fought as a tactical battle';
  const pair = sides ? [sides.attacker, sides.defender] : [];
  // The reader's own losses first.
  const order = side === null ? pair : [...pair.filter((s) => s === side), ...pair.filter((s) => s !== side)];
  const losses = order.map((s, i) => {
    const who = name(s);
    return i === 0
      ? `${who.charAt(0).toUpperCase()}${who.slice(1)} lost ${plural(lost(s), 'ship')}`
      : `${who} ${lost(s)}`;
  });
  return [
    `  The battle at ${hex} ended: ${fought}.${losses.length > 0 ? ` ${losses.join(', ')}.` : ''}`,
    ...(game ? [`    The battle: ${game.pageUrl}`, `    Its archive: ${game.archiveUrl}`] : []),
  ];
}
