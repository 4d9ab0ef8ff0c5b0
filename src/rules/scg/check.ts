/**
 * Checking a side's orders against the game as it stands (rules-scg.md
 * §18.6, used by the JSON adjudicator and the mail language alike): each
 * check gives a stable code and a message that says what would be legal.
 * The shape of an entry (its form) is the caller's to check; these are the
 * rules' own questions about its units, hexes and numbers.
 */
import { formatHex, neighbour, onMap, parseHex } from '../hex.ts';
import type { Direction, Hex } from '../types.ts';
import { hexKey } from './board.ts';
import { unitTypeOf } from './forces.ts';
import type { FireEntry, MountChoice, MoveEntry, ScgOrderError, ScgState, ScgUnit } from './types.ts';

/** A movement order as written, before its values are checked. */
export type MoveDraft =
  | { readonly unit: string; readonly kind: 'path'; readonly path: readonly Direction[]; readonly halt?: number }
  | { readonly unit: string; readonly kind: 'to'; readonly to: string; readonly halt?: number }
  | {
      readonly unit: string;
      readonly kind: 'toward';
      readonly toward: string;
      readonly within?: number;
      readonly halt?: number;
    }
  | { readonly unit: string; readonly kind: 'hold' };

type Problem = Omit<ScgOrderError, 'side' | 'entry'>;

/** An id from the orders as a message may show it: a hostile megabyte id is cut short. */
const named = (id: string): string => (id.length > 24 ? `${id.slice(0, 24)}…` : id);

const unitOf = (state: ScgState, id: string): ScgUnit | undefined => state.units.find((u) => u.id === id);

const ownUnits = (state: ScgState, side: string) =>
  state.units
    .filter((u) => u.side === side && u.status === 'active')
    .map((u) => u.id)
    .join(' ');

/** UNKNOWN_UNIT, UNIT_NOT_YOURS, UNIT_NOT_IN_PLAY: may the side give this unit orders? */
export function checkOwnUnit(state: ScgState, side: string, id: string): Problem | null {
  const u = unitOf(state, id);
  if (!u)
    return {
      code: 'UNKNOWN_UNIT',
      unit: id,
      message: `there is no unit ${named(id)}: your units in play are ${ownUnits(state, side) || 'none'}`,
    };
  if (u.side !== side)
    return {
      code: 'UNIT_NOT_YOURS',
      unit: id,
      message: `${named(id)} is a unit of ${u.side}: give orders to your own units (${ownUnits(state, side)})`,
    };
  if (u.status !== 'active')
    return {
      code: 'UNIT_NOT_IN_PLAY',
      unit: id,
      message: `${named(id)} has been destroyed: give orders to units in play (${ownUnits(state, side)})`,
    };
  return null;
}

/** TARGET_UNKNOWN, TARGET_FRIENDLY, TARGET_NOT_IN_PLAY: may this unit be aimed or fired at? */
export function checkEnemy(state: ScgState, side: string, id: string): Omit<Problem, 'unit'> | null {
  const t = unitOf(state, id);
  const enemies = state.units
    .filter((u) => u.side !== side && u.status === 'active')
    .map((u) => u.id)
    .join(' ');
  if (!t)
    return {
      code: 'TARGET_UNKNOWN',
      message: `there is no unit ${named(id)}: the enemy units in play are ${enemies || 'none'}`,
    };
  if (t.side === side)
    return {
      code: 'TARGET_FRIENDLY',
      message: `${named(id)} is your own unit: fire at or aim for enemy units (${enemies})`,
    };
  if (t.status !== 'active')
    return {
      code: 'TARGET_NOT_IN_PLAY',
      message: `${named(id)} has been destroyed: name enemy units in play (${enemies})`,
    };
  return null;
}

const isWhole = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n);

/** HALT_VALUE … PATH_IMPASSABLE (§18.6): the first problem with a movement order's values, for a unit of the side. */
export function checkMoveValues(state: ScgState, side: string, d: MoveDraft): Problem | null {
  const unit = d.unit;
  if (d.kind !== 'hold' && d.halt !== undefined && (!isWhole(d.halt) || d.halt < 1 || d.halt > 99))
    return {
      code: 'HALT_VALUE',
      unit,
      message: `HALT takes a whole number of hexes from 1 to 99, not ${Number.isNaN(d.halt) ? 'that' : d.halt}`,
    };
  if (d.kind === 'toward' && d.within !== undefined && (!isWhole(d.within) || d.within < 1 || d.within > 99))
    return {
      code: 'WITHIN_VALUE',
      unit,
      message: `WITHIN takes a whole number of hexes from 1 to 99, not ${Number.isNaN(d.within) ? 'that' : d.within}`,
    };
  const { width, height } = state.map;
  const impassable = new Set(state.map.impassable.map(hexKey));
  if (d.kind === 'to') {
    const hex = /^\d{4}$/.test(d.to) ? parseHex(d.to) : null;
    if (hex === null || !hex.ok)
      return {
        code: 'HEX_FORMAT',
        unit,
        message: `"${d.to.slice(0, 12)}" is not a hex: write four digits CCRR, e.g. 0504 for column 5, row 4`,
      };
    if (!onMap(hex.value, state.map))
      return {
        code: 'TO_OFF_MAP',
        unit,
        message: `${d.to} is off the map: columns run 01–${pad(width)}, rows 01–${pad(height)}`,
      };
    if (impassable.has(hexKey(hex.value)))
      return {
        code: 'TO_IMPASSABLE',
        unit,
        message: `${d.to} is impassable: no unit can go there; choose an open hex`,
      };
  }
  if (d.kind === 'toward' && d.toward.toLowerCase() !== 'nearest') {
    const p = checkEnemy(state, side, d.toward);
    if (p) return { ...p, unit, message: `TOWARD ${named(d.toward)}: ${p.message}, or NEAREST` };
  }
  if (d.kind === 'path') {
    const u = unitOf(state, unit)!;
    const ma = unitTypeOf(state.unitTypes, u.type)!.ma;
    if (d.path.length > ma)
      return {
        code: 'PATH_TOO_LONG',
        unit,
        message: `${unit} has MA ${ma}: a path of ${d.path.length} steps is too long`,
      };
    let at: Hex = u.hex;
    for (let i = 0; i < d.path.length; i++) {
      const step = d.path[i]!;
      at = neighbour(at, step);
      if (!onMap(at, state.map))
        return {
          code: 'PATH_OFF_MAP',
          unit,
          message: `step ${i + 1} of ${unit}'s path (${step}) leaves the map: keep to columns 01–${pad(width)}, rows 01–${pad(height)}`,
        };
      if (impassable.has(hexKey(at)))
        return {
          code: 'PATH_IMPASSABLE',
          unit,
          message: `step ${i + 1} of ${unit}'s path (${step}) enters ${formatHex(at)}, which is impassable: go round it, or write TO <hex>`,
        };
    }
  }
  return null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A checked draft as the rules' order (the hex parsed, `nearest` in one spelling, `within` filled in). */
export function moveEntryOf(d: MoveDraft): MoveEntry {
  switch (d.kind) {
    case 'hold':
      return { unit: d.unit, order: { kind: 'hold' } };
    case 'path':
      return { unit: d.unit, order: { kind: 'path', path: [...d.path], ...halt(d.halt) } };
    case 'to': {
      const hex = parseHex(d.to);
      if (!hex.ok) throw new Error(`moveEntryOf: unchecked hex ${d.to}`);
      return { unit: d.unit, order: { kind: 'to', hex: hex.value, ...halt(d.halt) } };
    }
    case 'toward':
      return {
        unit: d.unit,
        order: {
          kind: 'toward',
          target: d.toward.toLowerCase() === 'nearest' ? 'nearest' : d.toward,
          within: d.within ?? 1,
          ...halt(d.halt),
        },
      };
  }
}

const halt = (n: number | undefined) => (n === undefined ? {} : { halt: n });

/** Every problem with a fire entry's target lists and mounts (§18.6), after its unit was found to be the side's. */
export function checkFireTargets(state: ScgState, side: string, entry: FireEntry): Problem[] {
  const problems: Problem[] = [];
  const u = unitOf(state, entry.unit)!;
  const type = unitTypeOf(state.unitTypes, u.type)!;
  const list = (targets: readonly string[], weapon?: string) => {
    const seen = new Set<string>();
    for (const t of targets) {
      const p = checkEnemy(state, side, t);
      const where = weapon === undefined ? '' : ` (${weapon})`;
      if (p)
        problems.push({
          ...p,
          unit: entry.unit,
          ...(weapon === undefined ? {} : { weapon }),
          message: `${entry.unit}${where} fires at ${named(t)}: ${p.message}`,
        });
      else if (seen.has(t))
        problems.push({
          code: 'TARGET_DUPLICATE',
          unit: entry.unit,
          ...(weapon === undefined ? {} : { weapon }),
          message: `${t} is named twice in ${entry.unit}${where}'s target list: name each target once, in the order to try them`,
        });
      seen.add(t);
    }
  };
  list(entry.targets);
  for (const m of entry.weapons) {
    if (!type.weapons.some((w) => w.mount === m.mount)) {
      problems.push({
        code: 'FIRE_UNKNOWN_WEAPON',
        unit: entry.unit,
        weapon: m.mount,
        message: `${entry.unit} (${type.name}) has no weapon ${m.mount}: its mounts are ${type.weapons.map((w) => w.mount).join(' ')}`,
      });
      continue;
    }
    list(m.targets, m.mount);
  }
  return problems;
}

/** A mount's entry in the unit's canonical mount order. */
export function mountOrder(state: ScgState, unit: string, weapons: readonly MountChoice[]): MountChoice[] {
  const u = unitOf(state, unit);
  const type = u ? unitTypeOf(state.unitTypes, u.type) : undefined;
  if (!type) return [...weapons];
  const rank = (m: string) => type.weapons.findIndex((w) => w.mount === m);
  return [...weapons].sort((a, b) => rank(a.mount) - rank(b.mount));
}
