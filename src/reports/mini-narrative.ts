/**
 * A Mini Combat turn told in words (rules-mini-combat.md §22.3), from the
 * events one reader is shown (a seat: only those whose `seenBy` holds its
 * side): initiative with its rolls, each activation, moves, every attack with
 * its die, the number needed and why (the modifiers, a template and its aim),
 * saves (cover or armour), Power against Armor, morale tests, drops and their
 * scatter, healing, and the end. Events of a type it does not know are
 * skipped, as §22.3 allows.
 */
import type { MiniEvent } from '../rules/mini-combat/battlefield.ts';

type E = MiniEvent & Record<string, unknown>;

/** A field as text: a word or a number as it is, anything else as JSON, nothing as a dash. */
export const str = (v: unknown): string =>
  v === null || v === undefined
    ? '–'
    : typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean'
      ? String(v)
      : JSON.stringify(v);
const die = (v: unknown): string => (v === null || v === undefined ? 'no roll' : `rolled ${str(v)}`);
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const MOD_WORDS: Readonly<Record<string, string>> = {
  still: 'target did not move',
  rear: 'from the rear',
  charge: 'charging',
  indirect: 'indirect fire',
};

const STOP_WORDS: Readonly<Record<string, string>> = {
  map: 'the map edge',
  terrain: 'terrain it cannot enter',
  river: 'a river',
  points: 'its movement points',
  contact: 'contact with the enemy',
  stack: 'the stack limit',
  ground: 'a hex it cannot end in',
};

function attack(e: E): string {
  const how = e.melee ? 'in melee' : `at ${str(e.range)} cm`;
  const template = e.template ? `, ${str(e.template)} template aimed at ${str(e.aim)}` : '';
  const mods =
    Array.isArray(e.mods) && e.mods.length > 0
      ? ` (${(e.mods as unknown[]).map((m) => MOD_WORDS[str(m)] ?? str(m)).join(', ')})`
      : '';
  const need = Number(e.need) >= 7 ? 'cannot hit (needs 7)' : `needs ${str(e.need)}+${mods}`;
  const result = e.roll === null ? '' : `, ${die(e.roll)}: ${e.hit ? 'hit' : 'miss'}`;
  return `${str(e.attacker)} attacks ${str(e.target)} ${how}, weapon ${str(e.weapon)}${template}: ${need}${result}.`;
}

function save(e: E): string {
  if (Number(e.need) >= 7) return `${str(e.element)} has no save.`;
  const kind = e.cover ? 'cover save' : 'save';
  return `${str(e.element)} ${kind} ${str(e.need)}+, ${die(e.roll)}: ${e.saved ? 'saved' : 'failed'}.`;
}

function scatter(e: E): string {
  if (Number(e.distance) === 0) return `${str(e.element)} comes down on target at ${str(e.aim)}.`;
  const where = e.point === null ? 'off the map' : `to ${str(e.point)}`;
  return `${str(e.element)} aimed at ${str(e.aim)} scatters ${str(e.distance)} hex${Number(e.distance) === 1 ? '' : 'es'} toward ${str(e.hour)} o'clock, ${where}.`;
}

/** Consecutive moves of elements that went the same way are told once: `R1a R1b R1c move 0903 to 0905`. */
function moveLine(group: readonly E[]): string {
  const e = group[0]!;
  const who = group.map((g) => str(g.element)).join(' ');
  const plural = group.length > 1;
  const what =
    e.from === e.to
      ? `${plural ? 'stay' : 'stays'} at ${str(e.to)}`
      : `${plural ? 'move' : 'moves'} ${str(e.from)} to ${str(e.to)}`;
  const stop = e.stop ? `, stopped by ${STOP_WORDS[str(e.stop)] ?? str(e.stop)}` : '';
  return `${who} ${what}, facing ${str(e.facing)}${stop}.`;
}

function one(e: E, sideName: (s: string) => string): string | null {
  switch (e.type) {
    case 'initiative': {
      const rolls = Object.entries((e.rolls ?? {}) as Record<string, number[]>)
        .map(([s, r]) => `${sideName(s)} ${r.join(', ')}`)
        .join('; ');
      const order = Array.isArray(e.order) ? (e.order as string[]) : [];
      return `Initiative: ${rolls} — ${order.length > 0 ? `${sideName(order[0]!)} acts first` : 'no order'}.`;
    }
    case 'activation':
      return `${capital(str(e.phase))} phase: ${sideName(str(e.side))}'s unit ${str(e.unit)} acts.`;
    case 'insubstantial':
      return `Unit ${str(e.unit)} becomes insubstantial.`;
    case 'reveal':
      return `${str(e.element)} is revealed (${str(e.why)}).`;
    case 'denied':
      return `Unit ${str(e.unit)} cannot ${str(e.capability)}: denied by ${str(e.by)}.`;
    case 'scatter':
      return scatter(e);
    case 'place':
      return e.hex === null
        ? `${str(e.element)} finds no hex to land in (${str(e.how)}).`
        : `${str(e.element)} is placed at ${str(e.hex)} facing ${str(e.facing)} (${str(e.how)}).`;
    case 'land':
      return `${str(e.element)} ${e.landed ? 'lands' : 'takes off'}.`;
    case 'dive':
      return `${str(e.element)} ${e.submerged ? 'dives' : 'surfaces'}.`;
    case 'embark':
      return `${str(e.element)} boards ${str(e.transport)}.`;
    case 'attack':
      return attack(e);
    case 'save':
      return save(e);
    case 'damage':
      return `Power ${str(e.power)} against Armor ${str(e.armor)}: ${e.destroyed ? `${str(e.element)} is destroyed` : `${str(e.element)} holds`}.`;
    case 'destroyed':
      return `${str(e.element)} is lost at ${str(e.hex)} (${str(e.by)}).`;
    case 'survival':
      return `${str(e.element)} aboard ${str(e.transport)}: survival ${die(e.roll)}, ${e.survived ? `survives at ${str(e.hex)}` : 'lost'}.`;
    case 'heal':
      return e.success
        ? `${str(e.healer)} restores ${str(e.element)} of unit ${str(e.unit)} at ${str(e.hex)}${e.roll === null ? '' : ` (${die(e.roll)})`}.`
        : `${str(e.healer)} fails to restore ${str(e.element)} of unit ${str(e.unit)} (needs ${str(e.need)}+, ${die(e.roll)}).`;
    case 'morale':
      return `Morale: unit ${str(e.unit)} has lost ${str(e.lost)} of ${str(e.size)}, needs ${str(e.need)}+, ${die(e.roll)}: ${e.passed ? 'holds' : 'breaks'}.`;
    case 'fled':
      return `Unit ${str(e.unit)} flees the battle: ${Array.isArray(e.elements) ? e.elements.join(' ') : ''}.`;
    case 'game-over': {
      const score = Object.entries((e.score ?? {}) as Record<string, number>)
        .map(([s, n]) => `${sideName(s)} ${n}`)
        .join(', ');
      const who = e.winner === 'draw' ? 'A draw' : `${sideName(str(e.winner))} wins`;
      return `${who} (${str(e.reason)}). Victory points: ${score}.`;
    }
    default:
      return null;
  }
}

/** The turn's events, as one reader is shown them, told line by line. */
export function miniNarrative(events: readonly MiniEvent[], sideName: (s: string) => string): string[] {
  const out: string[] = [];
  const list = events as readonly E[];
  for (let i = 0; i < list.length; i++) {
    const e = list[i]!;
    if (e.type === 'move') {
      const group = [e];
      while (
        list[i + 1]?.type === 'move' &&
        list[i + 1]!.from === e.from &&
        list[i + 1]!.to === e.to &&
        list[i + 1]!.facing === e.facing &&
        list[i + 1]!.stop === e.stop
      )
        group.push(list[++i]!);
      out.push(moveLine(group));
      continue;
    }
    // An activation the reader saw nothing of (the unit stayed and found no target) is not told.
    if (e.type === 'activation' && (list[i + 1] === undefined || list[i + 1]!.type === 'activation')) continue;
    const line = one(e, sideName);
    if (line !== null) out.push(line);
  }
  return out;
}
