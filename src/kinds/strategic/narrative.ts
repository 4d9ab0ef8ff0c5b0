/**
 * A campaign turn told as one side saw it (rules-strategic.md §6): its own
 * production, builds, transfers and moves; what its sensors found — each
 * enemy fleet detected, where it was last seen before (so its move, as far as
 * the side saw it), and the fleets its sensors lost; every battle it fought,
 * round by round with every die and why a side rolled none, and who came out
 * of it holding the hex; its losses and retreats, and the enemy's as far as
 * the battle showed them; captures and the end. An enemy fleet is named by its
 * id, as the map's legend and the game page name it, and only once the side's
 * sensors have found it; enemy ship ids, designs, store and orders are never
 * told. An observer (side null) is told everything.
 */
import type { CampaignEvent, StrategicShip } from '../../rules/strategic/types.ts';
import { shipCost } from '../../rules/strategic/ships.ts';
import { ATTACK_BP_PER_DIE, SAVE_BP_PER_DIE } from '../../rules/strategic/combat.ts';
import type { ReportedBattle } from '../kind.ts';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
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

/** One resolved turn's events, in order. */
export interface NarratedTurn {
  readonly number: number;
  readonly events: readonly CampaignEvent[];
}

/** Where a side's sensors last saw an enemy fleet: the hex at the end of that turn, its ships, and the turn. */
export interface Sighting {
  readonly hex: string;
  readonly ships: number;
  readonly turn: number;
}

/**
 * Where `side`'s sensors last saw each enemy fleet, by the end of the given turns (rules-strategic.md §6): each
 * sensor contact, moved by the fleet's retreat from a battle the side fought, and forgotten once the side saw it
 * destroyed. Nothing but the side's own contacts and battles goes into it.
 */
export function lastSightings(turns: readonly NarratedTurn[], side: string): Map<string, Sighting> {
  const seen = new Map<string, Sighting>();
  for (const t of turns) {
    const now = new Set<string>();
    for (const e of t.events) {
      if (e.type === 'sensor' && e.side === side) {
        seen.set(e.fleet, { hex: e.hex, ships: e.ships, turn: t.number });
        now.add(e.fleet);
      } else if (e.type === 'retreat' && e.side !== side && now.has(e.fleet)) {
        seen.set(e.fleet, { ...seen.get(e.fleet)!, hex: e.to });
      } else if (e.type === 'lost' && e.side !== side && now.has(e.fleet)) {
        const s = seen.get(e.fleet)!;
        if (s.ships <= 1) {
          seen.delete(e.fleet);
          now.delete(e.fleet);
        } else seen.set(e.fleet, { ...s, ships: s.ships - 1 });
      }
    }
  }
  return seen;
}

/** What the narrative may know besides the turn's events: the sides, and the turns before (for last sightings). */
export interface NarrativeContext {
  /** The campaign's two sides, in seat order. */
  readonly sides?: readonly string[];
  /** The turns resolved before this one, in order. */
  readonly earlier?: readonly NarratedTurn[];
}

/** Events that come after the sensors in a turn (§3): the contacts the side lost are told before them. */
const AFTER_SENSORS = new Set<CampaignEvent['type']>([
  'battle',
  'round',
  'lost',
  'retreat',
  'battle-end',
  'capture',
  'loss-of-control',
  'game-over',
]);

/** A fleet in a battle, as the narrative follows it: its side, its ships left, whether it broke off. */
interface BattleFleet {
  readonly side: string;
  readonly id: string;
  ships: number;
  retreated: boolean;
}

/** The turn's events as `side` saw them (null: everything, for moderators and the archive). */
export function campaignNarrative(
  events: readonly CampaignEvent[],
  side: string | null,
  sideName: (side: string) => string,
  context: NarrativeContext = {},
  /** The turn's battles fought as tactical games, in battle order: who won each, and where to read it. */
  linked: readonly ReportedBattle[] = [],
): string[] {
  const out: string[] = [];
  let tacticalBattles = 0;
  const mine = (s: string) => side === null || s === side;
  const who = (s: string) => (side === null ? sideName(s) : s === side ? 'you' : 'the enemy');
  // The sides, as the campaign or every turn's production names them: ids belong to a side, so a fleet is told
  // with whose it is.
  const sides = [
    ...new Set([...(context.sides ?? []), ...events.flatMap((e) => (e.type === 'production' ? [e.side] : []))]),
  ];
  const enemyOf = (s: string) => sides.find((x) => x !== s);
  /** A fleet as the reader is told it: `your fleet B1`, `Red's fleet R1`. */
  const fleetName = (s: string, id: string) => (s === side ? `your fleet ${id}` : `${sideName(s)}'s fleet ${id}`);
  /** Battles by hex: who attacks, to tell each round from the reader's side, and the fleets in it. */
  const battles = new Map<string, { attacker: string; defender: string; fleets: BattleFleet[] }>();
  // What the reader's sensors saw before this turn, and the turn before this one: contacts of that turn not found
  // again are told as lost.
  const earlier = context.earlier ?? [];
  const seenBefore = side === null ? new Map<string, Sighting>() : lastSightings(earlier, side);
  const previous = earlier.at(-1)?.number;
  const detectedNow = new Set(events.flatMap((e) => (e.type === 'sensor' && e.side === side ? [e.fleet] : [])));
  let lostContactsTold = side === null;
  const tellLostContacts = () => {
    if (lostContactsTold || side === null) return;
    lostContactsTold = true;
    const enemy = enemyOf(side);
    for (const [id, s] of seenBefore) {
      if (s.turn !== previous || detectedNow.has(id)) continue;
      out.push(
        `Sensors: ${enemy === undefined ? 'the enemy' : sideName(enemy)}'s fleet ${id}, detected at ${s.hex} last turn, is no longer detected.`,
      );
    }
  };
  for (const e of events) {
    if (AFTER_SENSORS.has(e.type)) tellLostContacts();
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
        else if (e.side === side) {
          const enemy = enemyOf(side);
          const name = `${enemy === undefined ? 'the enemy' : sideName(enemy)}'s fleet ${e.fleet}`;
          const before = seenBefore.get(e.fleet);
          const since = before === undefined ? '' : before.turn === previous ? 'last turn' : `in turn ${before.turn}`;
          const where =
            before === undefined
              ? ', a new contact'
              : before.hex === e.hex
                ? `, where you saw it ${since}`
                : `: it moved there from ${before.hex}, where you saw it ${since}`;
          out.push(`Sensors: your fleet ${e.by} detected ${name} (${plural(e.ships, 'ship')}) at ${e.hex}${where}.`);
        }
        break;
      case 'battle': {
        // Every fleet in a battle's hex was found by the other side's sensors just before (§3, §6): those contacts
        // say which fleets fight, and with how many ships.
        const fleets: BattleFleet[] = events.flatMap((x) =>
          x.type === 'sensor' && x.hex === e.hex && enemyOf(x.side) !== undefined
            ? [{ side: enemyOf(x.side)!, id: x.fleet, ships: x.ships, retreated: false }]
            : [],
        );
        battles.set(e.hex, { attacker: e.attacker, defender: e.defender, fleets });
        const force = (s: string) => {
          const list = fleets.filter((f) => f.side === s);
          if (list.length === 0) return s === side ? 'your fleets' : `${sideName(s)}'s fleets`;
          const named = list.map((f) => `${f.id} (${plural(f.ships, 'ship')})`);
          const last = named.pop()!;
          const ids = named.length === 0 ? last : `${named.join(', ')} and ${last}`;
          return `${s === side ? 'your' : `${sideName(s)}'s`} ${list.length === 1 ? 'fleet' : 'fleets'} ${ids}`;
        };
        if (side === null) {
          out.push(
            `Battle at ${e.hex}: ${sideName(e.attacker)} attacks ${sideName(e.defender)} (fleets ${e.fleets.join(' ')}).`,
          );
        } else if (side !== e.attacker && side !== e.defender) {
          out.push(`Battle at ${e.hex}.`);
        } else {
          const role = e.attacker === side ? 'you attack' : 'you defend';
          const against = e.attacker === side ? e.defender : e.attacker;
          out.push(`Battle at ${e.hex}: ${role} with ${force(side)} against ${force(against)}.`);
        }
        // A battle fought as a tactical game (§8) has no rounds of dice here: its archive tells it.
        const tactical = events.some((x) => x.type === 'battle-end' && x.hex === e.hex && x.reason === 'tactical');
        if (e.fleets.length > 0 && !tactical)
          out.push(
            `  Each round a side rolls 1 attack die per full ${ATTACK_BP_PER_DIE} offensive BP and 1 save die per full ` +
              `${SAVE_BP_PER_DIE} defensive BP of its ships still in the battle; each 5 or 6 hits or saves.`,
          );
        break;
      }
      case 'round': {
        const b = battles.get(e.hex);
        const att = b ? who(b.attacker) : 'the attacker';
        const def = b ? who(b.defender) : 'the defender';
        const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
        /** `you attack`, `the enemy attacks`, `Blue attacks`. */
        const verb = (subject: string, base: string) => `${subject} ${subject === 'you' ? base : `${base}s`}`;
        /** The dice a side rolled, and why none when it rolled none: too few BP of its ships in the battle. */
        const rolled = (faces: readonly number[], what: 'hit' | 'save') =>
          faces.length === 0
            ? `no dice (under ${what === 'hit' ? `${ATTACK_BP_PER_DIE} offensive` : `${SAVE_BP_PER_DIE} defensive`} BP)`
            : `${faces.join(' ')} (${plural(hits(faces), what)})`;
        out.push(`  Round ${e.round} at ${e.hex}:`);
        out.push(
          `    ${cap(verb(att, 'attack'))}: ${rolled(e.attackerDice, 'hit')}; ` +
            `${verb(def, 'save')}: ${rolled(e.defenderSaves, 'save')}; ` +
            `${verb(def, 'lose')} ${plural(e.defenderLosses, 'ship')}.`,
        );
        out.push(
          `    ${cap(verb(def, 'attack'))}: ${rolled(e.defenderDice, 'hit')}; ` +
            `${verb(att, 'save')}: ${rolled(e.attackerSaves, 'save')}; ` +
            `${verb(att, 'lose')} ${plural(e.attackerLosses, 'ship')}.`,
        );
        break;
      }
      case 'lost': {
        const f = battles.get(e.hex)?.fleets.find((x) => x.side === e.side && x.id === e.fleet);
        if (f) f.ships -= 1;
        if (side === null) out.push(`    ${sideName(e.side)} lost ${e.ship} of fleet ${e.fleet} at ${e.hex}.`);
        else if (e.side === side) out.push(`    Lost: your ship ${e.ship} of fleet ${e.fleet}.`);
        break;
      }
      case 'retreat': {
        const f = battles.get(e.from)?.fleets.find((x) => x.side === e.side && x.id === e.fleet);
        if (f) f.retreated = true;
        if (side === null) out.push(`  ${sideName(e.side)}'s fleet ${e.fleet} retreated from ${e.from} to ${e.to}.`);
        else if (e.side === side) out.push(`  Your fleet ${e.fleet} retreated from ${e.from} to ${e.to}.`);
        else out.push(`  ${fleetName(e.side, e.fleet)} retreated from ${e.from} to ${e.to}.`);
        break;
      }
      case 'battle-end': {
        if (e.reason === 'tactical') {
          const game = linked.findLast((b) => b.index === tacticalBattles);
          out.push(...tacticalEnd(e.hex, events, battles.get(e.hex), side, sideName, game));
          tacticalBattles++;
          const fought = battles.get(e.hex);
          if (fought && fought.fleets.length > 0)
            out.push(`  ${battleResult(fought.fleets, e.hex, side, sideName, fleetName)}`);
          break;
        }
        out.push(
          `  The battle at ${e.hex} ended${e.rounds > 0 ? ` after ${plural(e.rounds, 'round')}` : ''}: ${BATTLE_END[e.reason] ?? e.reason}.`,
        );
        const b = battles.get(e.hex);
        if (b && b.fleets.length > 0) out.push(`  ${battleResult(b.fleets, e.hex, side, sideName, fleetName)}`);
        break;
      }
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
  tellLostContacts();
  return out;
}

/** Who won a battle, as its reader is told it: the fleets destroyed, and who holds the hex now. */
function battleResult(
  fleets: readonly BattleFleet[],
  hex: string,
  side: string | null,
  sideName: (side: string) => string,
  fleetName: (side: string, id: string) => string,
): string {
  const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
  const destroyed = fleets.filter((f) => f.ships <= 0).map((f) => `${fleetName(f.side, f.id)} was destroyed`);
  const holding = [...new Set(fleets.filter((f) => f.ships > 0 && !f.retreated).map((f) => f.side))];
  const hold =
    holding.length === 0
      ? `nobody holds ${hex}`
      : holding.length > 1
        ? `both sides stay at ${hex}`
        : holding[0] === side
          ? `you hold ${hex}`
          : `${sideName(holding[0]!)} holds ${hex}`;
  return `${cap([...destroyed, hold].join('; '))}.`;
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
