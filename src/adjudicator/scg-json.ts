/**
 * The JSON form of a Simple Combat Game turn (rules-scg.md §18): what
 * `msc scg resolve` and `msc scg check` read, checked field by field into the
 * rules' types, and how a state is written back. Hostile input is expected:
 * every key is checked before anything is copied from it (`__proto__` is a
 * key like any other here), only the fields §18.1 names are looked at, at a
 * fixed depth (no recursion), and every list has a bound.
 */
import { formatHex, parseHex } from '../rules/hex.ts';
import { DIRECTIONS, type Direction, type Hex } from '../rules/types.ts';
import { BUILT_IN_UNITS, BUILT_IN_WEAPONS, unitTypeOf } from '../rules/scg/forces.ts';
import { checkFireTargets, checkMoveValues, checkOwnUnit, moveEntryOf, type MoveDraft } from '../rules/scg/check.ts';
import {
  MOUNT_ID,
  RANGES,
  RESERVED_MOUNT_IDS,
  RESERVED_UNIT_IDS,
  UNIT_ID,
  UNIT_SPECIALS,
  WEAPON_SPECIALS,
  type FireEntry,
  type MountChoice,
  type MoveEntry,
  type ScgSideOrders,
  type ScgState,
  type ScgUnit,
  type UnitSpecial,
  type UnitType,
  type WeaponSpecial,
  type WeaponType,
} from '../rules/scg/types.ts';

/** Far above any real game, small enough that hostile input stays cheap. */
export const SCG_LIMITS = { units: 2_000, types: 200, entries: 2_000, targets: 100, dice: 100_000 } as const;

/** An error as the adjudicator prints it (§18.5). */
export interface ScgJsonError {
  readonly side?: string;
  readonly unit?: string;
  readonly weapon?: string;
  readonly code: string;
  readonly message: string;
}

export type DiceChoice =
  | { readonly kind: 'scripted'; readonly rolls: readonly number[] }
  | { readonly kind: 'seed'; readonly seed: string }
  | { readonly kind: 'state'; readonly state: string };

export interface ScgInput {
  readonly state: ScgState;
  /** Each side's checked orders; a side without an entry is absent. */
  readonly orders: Readonly<Record<string, ScgSideOrders>>;
  readonly dice: DiceChoice | null;
}

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isWhole = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
const has = (o: Json, k: string): boolean => Object.hasOwn(o, k) && o[k] !== null && o[k] !== undefined;
const get = (o: Json, k: string): unknown => (Object.hasOwn(o, k) ? o[k] : undefined);

/** A value from the input as it may appear in a message: short, and only printable. */
export function shown(v: unknown): string {
  let text: string;
  if (typeof v === 'string') text = JSON.stringify(v.length > 24 ? `${v.slice(0, 24)}…` : v);
  else if (typeof v === 'number' || typeof v === 'boolean' || v === null) text = String(v);
  else text = Array.isArray(v) ? 'a list' : typeof v === 'object' ? 'an object' : typeof v;
  return text.replace(/[^\x20-\x7e\u00a0-\uffff]/g, '?');
}

const cut = (s: string): string => (s.length > 40 ? `${s.slice(0, 40)}…` : s);

class Problems {
  readonly list: ScgJsonError[] = [];
  add(e: ScgJsonError): void {
    this.list.push({
      ...(e.side === undefined ? {} : { side: cut(e.side) }),
      ...(e.unit === undefined ? {} : { unit: cut(e.unit) }),
      ...(e.weapon === undefined ? {} : { weapon: cut(e.weapon) }),
      code: e.code,
      message: e.message,
    });
  }
  position(message: string, unit?: string): void {
    this.add({ code: 'INVALID_POSITION', message, ...(unit === undefined ? {} : { unit }) });
  }
}

const SIDE_ID = /^[A-Za-z0-9-]{1,12}$/;
const TYPE_ID = /^[a-z0-9-]{1,32}$/;
const HEX = /^\d{4}$/;

function whole(p: Problems, o: Json, key: string, field: string, min: number, max: number, dflt?: number): number {
  if (!has(o, key)) {
    if (dflt !== undefined) return dflt;
    p.position(`${field} is missing: give a whole number from ${min} to ${max}`);
    return min;
  }
  const v = o[key];
  if (!isWhole(v) || v < min || v > max) {
    p.position(`${field} must be a whole number from ${min} to ${max}, not ${shown(v)}`);
    return min;
  }
  return v;
}

function hexField(
  p: Problems,
  v: unknown,
  field: string,
  map: { width: number; height: number },
  unit?: string,
): Hex | null {
  if (typeof v !== 'string' || !HEX.test(v)) {
    p.position(`${field} must be a hex, four digits CCRR (e.g. "0504"), not ${shown(v)}`, unit);
    return null;
  }
  const h = parseHex(v);
  if (!h.ok || h.value.col > map.width || h.value.row > map.height) {
    p.position(`${field} ${v} is off the map (${map.width} columns × ${map.height} rows, from 0101)`, unit);
    return null;
  }
  return h.value;
}

function readProfile(p: Problems, o: Json, key: 'th' | 'td' | 'pw', field: string): (number | null)[] | null {
  const v = get(o, key);
  const max = key === 'pw' ? 9 : 6;
  if (!Array.isArray(v) || v.length !== RANGES || !v.every((x) => x === null || (isWhole(x) && x >= 1 && x <= max))) {
    p.position(`${field}.${key} must be a list of 6 entries (ranges 1–6), each null or a whole number 1–${max}`);
    return null;
  }
  return v as (number | null)[];
}

function readSpecials<T extends string>(p: Problems, o: Json, field: string, allowed: readonly T[]): T[] {
  if (!has(o, 'specials')) return [];
  const v = o.specials;
  if (!Array.isArray(v) || v.length > allowed.length || !v.every((s) => (allowed as readonly unknown[]).includes(s))) {
    p.position(`${field}.specials must be a list of ${allowed.map((s) => `"${s}"`).join(', ')}, each at most once`);
    return [];
  }
  const out = [...new Set(v as T[])];
  if (out.length !== v.length) p.position(`${field}.specials names a special twice`);
  return out;
}

function readName(p: Problems, o: Json, field: string, id: string): string {
  if (!has(o, 'name')) return id;
  const v = o.name;
  if (typeof v !== 'string' || v.length > 60) {
    p.position(`${field}.name must be a text of at most 60 characters`);
    return id;
  }
  return v;
}

/** Type ids checked before anything is copied from the record (§18.1). */
function typeRecord(p: Problems, doc: Json, key: 'unitTypes' | 'weaponTypes', builtIn: Json): [string, Json][] {
  if (!has(doc, key)) return [];
  const v = doc[key];
  if (!isObject(v)) {
    p.position(`${key} must be an object of type id → type`);
    return [];
  }
  const keys = Object.keys(v);
  if (keys.length > SCG_LIMITS.types) {
    p.position(`${key} has ${keys.length} entries: at most ${SCG_LIMITS.types}`);
    return [];
  }
  const out: [string, Json][] = [];
  for (const id of keys) {
    if (!TYPE_ID.test(id))
      p.position(`${key}: ${shown(id)} is not a type id: 1 to 32 lowercase letters, digits or "-"`);
    else if (Object.hasOwn(builtIn, id)) p.position(`${key}: "${id}" is a built-in type: choose another id`);
    else if (!isObject(v[id])) p.position(`${key}.${id} must be an object`);
    else out.push([id, v[id]]);
  }
  return out;
}

function readWeaponTypes(p: Problems, doc: Json): Record<string, WeaponType> {
  const out: Record<string, WeaponType> = {};
  for (const [id, o] of typeRecord(p, doc, 'weaponTypes', BUILT_IN_WEAPONS)) {
    const field = `weaponTypes.${id}`;
    const th = readProfile(p, o, 'th', field);
    const td = readProfile(p, o, 'td', field);
    const pw = readProfile(p, o, 'pw', field);
    const name = readName(p, o, field, id);
    const specials = readSpecials<WeaponSpecial>(p, o, field, WEAPON_SPECIALS);
    if (!th || !td || !pw) continue;
    let ranges = 0;
    let consistent = true;
    for (let r = 0; r < RANGES; r++) {
      const given = [th[r], td[r], pw[r]].filter((x) => x !== null).length;
      if (given === 3) ranges += 1;
      else if (given !== 0) consistent = false;
    }
    if (!consistent) p.position(`${field}: at each range th, td and pw must be all given or all null`);
    else if (ranges === 0) p.position(`${field}: a weapon needs at least one range it can fire at`);
    else out[id] = { id, name, th, td, pw, specials };
  }
  return out;
}

function readUnitTypes(p: Problems, doc: Json, weapons: Record<string, WeaponType>): Record<string, UnitType> {
  const out: Record<string, UnitType> = {};
  for (const [id, o] of typeRecord(p, doc, 'unitTypes', BUILT_IN_UNITS)) {
    const field = `unitTypes.${id}`;
    const before = p.list.length;
    const ma = whole(p, o, 'ma', `${field}.ma`, 0, 20);
    const ar = whole(p, o, 'ar', `${field}.ar`, -6, 6);
    const dc = whole(p, o, 'dc', `${field}.dc`, 1, 20);
    const points = whole(p, o, 'points', `${field}.points`, 0, 999);
    const name = readName(p, o, field, id);
    const specials = readSpecials<UnitSpecial>(p, o, field, UNIT_SPECIALS);
    const list = get(o, 'weapons');
    const mounts: { mount: string; weapon: string }[] = [];
    if (!Array.isArray(list) || list.length < 1 || list.length > 6) {
      p.position(`${field}.weapons must be a list of 1 to 6 mounts {"mount", "weapon"}`);
    } else {
      const seen = new Set<string>();
      list.forEach((m: unknown, i) => {
        const f = `${field}.weapons[${i}]`;
        if (!isObject(m)) return p.position(`${f} must be an object {"mount", "weapon"}`);
        const mount = get(m, 'mount');
        const weapon = get(m, 'weapon');
        if (typeof mount !== 'string' || !MOUNT_ID.test(mount))
          return p.position(`${f}.mount must be 1 to 8 letters or digits, not ${shown(mount)}`);
        if ((RESERVED_MOUNT_IDS as readonly string[]).includes(mount.toUpperCase()))
          return p.position(`${f}.mount may not be ${mount}: AT and HOLD are words of the orders`);
        if (seen.has(mount.toUpperCase())) return p.position(`${f}.mount ${mount} is used twice (ignoring case)`);
        seen.add(mount.toUpperCase());
        if (typeof weapon !== 'string' || !(Object.hasOwn(weapons, weapon) || Object.hasOwn(BUILT_IN_WEAPONS, weapon)))
          return p.position(`${f}.weapon ${shown(weapon)} is not a built-in weapon or one of weaponTypes`);
        mounts.push({ mount, weapon });
      });
    }
    if (p.list.length === before) out[id] = { id, name, ma, ar, dc, points, weapons: mounts, specials };
  }
  return out;
}

function readMap(p: Problems, doc: Json): ScgState['map'] {
  const m = get(doc, 'map');
  if (!isObject(m)) {
    p.position('map must be an object {"width", "height", "impassable"?}');
    return { width: 1, height: 1, impassable: [] };
  }
  const width = whole(p, m, 'width', 'map.width', 1, 99);
  const height = whole(p, m, 'height', 'map.height', 1, 99);
  const impassable: Hex[] = [];
  if (has(m, 'impassable')) {
    const list = m.impassable;
    if (!Array.isArray(list) || list.length > width * height)
      p.position(`map.impassable must be a list of at most ${width * height} hexes`);
    else {
      const seen = new Set<string>();
      list.forEach((v: unknown, i) => {
        const h = hexField(p, v, `map.impassable[${i}]`, { width, height });
        if (h === null) return;
        if (seen.has(formatHex(h))) return p.position(`map.impassable[${i}]: ${formatHex(h)} is listed twice`);
        seen.add(formatHex(h));
        impassable.push(h);
      });
    }
  }
  return { width, height, impassable };
}

function readSides(p: Problems, doc: Json): [string, string] {
  const v = get(doc, 'sides');
  if (
    !Array.isArray(v) ||
    v.length !== 2 ||
    !v.every((s) => typeof s === 'string' && SIDE_ID.test(s)) ||
    v[0] === v[1]
  ) {
    p.position('sides must be two different side ids in seat order, each 1 to 12 letters, digits or "-"');
    return ['?1', '?2'];
  }
  return [v[0] as string, v[1] as string];
}

function readUnits(p: Problems, doc: Json, st: Omit<ScgState, 'units' | 'conceded'>): ScgUnit[] {
  const list = get(doc, 'units');
  if (!Array.isArray(list) || list.length > SCG_LIMITS.units) {
    p.position(`units must be a list of at most ${SCG_LIMITS.units} units`);
    return [];
  }
  const out: ScgUnit[] = [];
  const ids = new Set<string>();
  const held = new Map<string, string>();
  const impassable = new Set(st.map.impassable.map(formatHex));
  list.forEach((v: unknown, i) => {
    const f = `units[${i}]`;
    if (!isObject(v)) return p.position(`${f} must be an object`);
    const id = get(v, 'id');
    if (typeof id !== 'string' || !UNIT_ID.test(id))
      return p.position(`${f}.id must be 1 to 12 letters or digits, not ${shown(id)}`);
    const before = p.list.length;
    if ((RESERVED_UNIT_IDS as readonly string[]).includes(id.toUpperCase()))
      p.position(`${f}.id may not be ${id}: AT, HOLD and NEAREST are words of the orders`, id);
    if (ids.has(id.toUpperCase())) p.position(`${f}.id ${id} is used twice (ids are unique ignoring case)`, id);
    ids.add(id.toUpperCase());
    const side = get(v, 'side');
    if (typeof side !== 'string' || !st.sides.includes(side))
      p.position(`${f}.side ${shown(side)} is not a side: ${st.sides.join(' or ')}`, id);
    const type = get(v, 'type');
    const t = typeof type === 'string' ? unitTypeOf(st.unitTypes, type) : undefined;
    if (!t) p.position(`${f}.type ${shown(type)} is not a built-in unit type or one of unitTypes`, id);
    const hex = hexField(p, get(v, 'hex'), `${f}.hex`, st.map, id);
    const status = has(v, 'status') ? v.status : 'active';
    if (status !== 'active' && status !== 'destroyed')
      p.position(`${f}.status must be "active" or "destroyed", not ${shown(status)}`, id);
    const damage = has(v, 'damage') ? v.damage : 0;
    if (!isWhole(damage) || damage < 0 || damage > 1000)
      p.position(`${f}.damage must be a whole number ≥ 0, not ${shown(damage)}`, id);
    else if (t && status === 'active' && damage >= t.dc)
      p.position(`${f}.damage ${damage} reaches its DC ${t.dc}: a unit in play has less damage than its DC`, id);
    if (hex && status === 'active') {
      const name = formatHex(hex);
      if (impassable.has(name)) p.position(`${f}.hex ${name} is impassable: a unit in play is never there`, id);
      const other = held.get(name);
      if (other !== undefined) p.position(`${f}.hex ${name} is already held by ${other}: one unit per hex`, id);
      else held.set(name, id);
    }
    if (p.list.length === before && hex)
      out.push({
        id,
        side: side as string,
        type: type as string,
        hex,
        damage: damage as number,
        status: status as ScgUnit['status'],
      });
  });
  return out;
}

function readDice(p: Problems, doc: Json, mode: 'resolve' | 'check'): DiceChoice | null {
  const given = (['dice', 'seed', 'diceState'] as const).filter((k) => has(doc, k));
  if (mode === 'check') return null;
  if (given.length > 1) {
    p.position(`give one dice source, not ${given.join(' and ')}: "dice", "seed" or "diceState"`);
    return null;
  }
  if (given.length === 0) {
    p.add({
      code: 'NO_DICE',
      message: 'give "dice" (a list of rolls 1–6), "seed" (a string) or "diceState" (32 hex digits) to roll with',
    });
    return null;
  }
  if (given[0] === 'dice') {
    const v = doc.dice;
    if (!Array.isArray(v) || v.length > SCG_LIMITS.dice) {
      p.position(`dice must be a list of at most ${SCG_LIMITS.dice} rolls`);
      return null;
    }
    const bad = v.findIndex((d) => !isWhole(d) || d < 1 || d > 6);
    if (bad >= 0) {
      p.position(`dice[${bad}] must be a whole number 1–6, not ${shown(v[bad])}`);
      return null;
    }
    return { kind: 'scripted', rolls: v as number[] };
  }
  if (given[0] === 'seed') {
    const v = doc.seed;
    if (typeof v !== 'string' || v.length < 1 || v.length > 200) {
      p.position('seed must be a text of 1 to 200 characters');
      return null;
    }
    return { kind: 'seed', seed: v };
  }
  const v = doc.diceState;
  if (typeof v !== 'string' || !/^[0-9a-f]{32}$/.test(v)) {
    p.position('diceState must be 32 lowercase hex digits, as a previous result gave it');
    return null;
  }
  return { kind: 'state', state: v };
}

/** §18.1 and the state checks of §18.6: the state, or every problem with it. */
function readState(p: Problems, doc: Json): { state: ScgState; orders: unknown } {
  const map = readMap(p, doc);
  const turn = whole(p, doc, 'turn', 'turn', 1, 1_000_000, 1);
  let turnLimit: number | null = null;
  if (has(doc, 'turnLimit'))
    turnLimit = whole(p, doc, 'turnLimit', 'turnLimit (the last turn, ≥ turn)', turn, 1_000_000);
  const rs = has(doc, 'rangeScale') ? doc.rangeScale : 1;
  if (rs !== 1 && rs !== 2) p.position(`rangeScale must be 1 or 2 (hexes per firing DU), not ${shown(rs)}`);
  const sides = readSides(p, doc);
  const weaponTypes = readWeaponTypes(p, doc);
  const unitTypes = readUnitTypes(p, doc, weaponTypes);
  const base = {
    map,
    turn,
    turnLimit,
    rangeScale: rs === 2 ? (2 as const) : (1 as const),
    sides,
    unitTypes,
    weaponTypes,
  };
  const units = readUnits(p, doc, base);
  const conceded: string[] = [];
  if (has(doc, 'conceded')) {
    const v = doc.conceded;
    if (!Array.isArray(v) || v.length > 2 || !v.every((s) => typeof s === 'string' && sides.includes(s)))
      p.position(`conceded must be a list of sides (${sides.join(', ')})`);
    else for (const s of v as string[]) if (!conceded.includes(s)) conceded.push(s);
  }
  const orders = get(doc, 'orders');
  if (orders !== undefined && orders !== null) {
    if (!isObject(orders)) p.position('orders must be an object of side → {"move", "fire"}');
    else
      for (const side of Object.keys(orders))
        if (orders[side] !== null && !isObject(orders[side]))
          p.position(`orders.${cut(side)} must be an object {"move", "fire"}`);
  }
  return { state: { ...base, units, conceded }, orders };
}

/** §18.6, a move entry: its one error (the first that applies), or its draft. */
function readMoveEntry(state: ScgState, side: string, v: unknown, earlier: Set<string>): ScgJsonError | MoveDraft {
  if (!isObject(v) || typeof get(v, 'unit') !== 'string')
    return { side, code: 'MOVE_FORMAT', message: 'a move entry is an object with "unit" (a unit id) and its order' };
  const unit = v.unit as string;
  const own = checkOwnUnit(state, side, unit);
  if (own) return { side, ...own };
  if (earlier.has(unit))
    return { side, unit, code: 'MOVE_TWICE', message: `${unit} already has a move entry: one per unit` };
  earlier.add(unit);
  const format = (why: string): ScgJsonError => ({
    side,
    unit,
    code: 'MOVE_FORMAT',
    message: `${unit}: ${why}; give exactly one of "path" (directions N NE SE S SW NW), "to" (a hex), "toward" (an enemy unit or "nearest") or "hold": true`,
  });
  if (has(v, 'hold') && typeof v.hold !== 'boolean') return format('"hold" must be true or false');
  const kinds = (['path', 'to', 'toward'] as const).filter((k) => has(v, k));
  const hold = v.hold === true;
  if (kinds.length + (hold ? 1 : 0) !== 1)
    return format(kinds.length === 0 && !hold ? 'no order given' : 'more than one order given');
  if (has(v, 'within') && !has(v, 'toward')) return format('"within" goes only with "toward"');
  if (hold && has(v, 'halt')) return format('"halt" does not go with "hold"');
  // A value that is not a number reaches the rules' check as NaN: HALT_VALUE / WITHIN_VALUE, after the form.
  const halt = has(v, 'halt') ? (typeof v.halt === 'number' ? v.halt : NaN) : undefined;
  const within = has(v, 'within') ? (typeof v.within === 'number' ? v.within : NaN) : undefined;
  const extra = { ...(halt === undefined ? {} : { halt }), ...(within === undefined ? {} : { within }) };
  let draft: MoveDraft;
  if (hold) draft = { unit, kind: 'hold' };
  else if (kinds[0] === 'path') {
    const path = v.path;
    if (typeof path !== 'string' || path.length > 400) return format('"path" must be a text of directions');
    const steps = path
      .split(/[\s,]+/)
      .filter((w) => w !== '')
      .map((w) => w.toUpperCase());
    if (steps.length === 0) return format('"path" is empty');
    const bad = steps.find((s) => !(DIRECTIONS as readonly string[]).includes(s));
    if (bad !== undefined) return format(`${shown(bad)} in "path" is not a direction`);
    draft = { unit, kind: 'path', path: steps as Direction[], ...extra };
  } else if (kinds[0] === 'to') {
    if (typeof v.to !== 'string')
      return { side, unit, code: 'HEX_FORMAT', message: `"to" must be a hex, four digits CCRR, not ${shown(v.to)}` };
    draft = { unit, kind: 'to', to: v.to.length > 12 ? `${v.to.slice(0, 12)}…` : v.to, ...extra };
  } else {
    if (typeof v.toward !== 'string') return format('"toward" must be an enemy unit id or "nearest"');
    draft = { unit, kind: 'toward', toward: v.toward, ...extra };
  }
  const p = checkMoveValues(state, side, draft);
  return p ? { side, ...p } : draft;
}

function readChoice(v: Json): { targets: string[]; hold: boolean } | null {
  const targets = has(v, 'targets') ? v.targets : [];
  const hold = has(v, 'hold') ? v.hold : false;
  if (!Array.isArray(targets) || targets.length > SCG_LIMITS.targets || !targets.every((t) => typeof t === 'string'))
    return null;
  if (typeof hold !== 'boolean') return null;
  return { targets: targets, hold };
}

/** §18.6, a fire entry: its errors, or the entry. */
function readFireEntry(state: ScgState, side: string, v: unknown, earlier: Set<string>): ScgJsonError[] | FireEntry {
  if (!isObject(v) || typeof get(v, 'unit') !== 'string')
    return [
      {
        side,
        code: 'FIRE_FORMAT',
        message: 'a fire entry is an object with "unit" (a unit id), and "targets", "hold", "weapons" if wanted',
      },
    ];
  const unit = v.unit as string;
  const own = checkOwnUnit(state, side, unit);
  if (own) return [{ side, ...own }];
  if (earlier.has(unit))
    return [
      {
        side,
        unit,
        code: 'FIRE_TWICE',
        message: `${unit} already has a fire entry: one per unit, with "weapons" for each mount's own targets`,
      },
    ];
  earlier.add(unit);
  const format: ScgJsonError[] = [
    {
      side,
      unit,
      code: 'FIRE_FORMAT',
      message: `${unit}: "targets" must be a list of at most ${SCG_LIMITS.targets} unit ids, "hold" true or false, and "weapons" an object of mount → {"targets", "hold"}`,
    },
  ];
  const choice = readChoice(v);
  if (!choice) return format;
  const weapons: MountChoice[] = [];
  if (has(v, 'weapons')) {
    const w = v.weapons;
    if (!isObject(w)) return format;
    const keys = Object.keys(w);
    if (keys.length > 6 * 4) return format;
    for (const mount of keys) {
      const entry = w[mount];
      const c = isObject(entry) ? readChoice(entry) : null;
      if (!c) return format;
      weapons.push({ mount, ...c });
    }
  }
  const entry: FireEntry = { unit, ...choice, weapons };
  const problems = checkFireTargets(state, side, entry);
  return problems.length > 0 ? problems.map((p) => ({ side, ...p })) : entry;
}

function readList(p: Problems, side: string, o: Json, key: 'move' | 'fire'): unknown[] {
  if (!has(o, key)) return [];
  const v = o[key];
  if (!Array.isArray(v) || v.length > SCG_LIMITS.entries) {
    p.add({
      side,
      code: key === 'move' ? 'MOVE_FORMAT' : 'FIRE_FORMAT',
      message: `"${key}" must be a list of at most ${SCG_LIMITS.entries} entries`,
    });
    return [];
  }
  return v;
}

/** The orders of §18.6, side by side in seat order; every problem listed. */
function readOrders(p: Problems, state: ScgState, raw: unknown): Record<string, ScgSideOrders> {
  const out: Record<string, ScgSideOrders> = {};
  if (!isObject(raw)) return out;
  for (const key of Object.keys(raw))
    if (!state.sides.includes(key))
      p.add({
        side: key,
        code: 'UNKNOWN_SIDE',
        message: `orders for ${shown(key)}, which is not a side: ${state.sides.join(' or ')}`,
      });
  for (const side of state.sides) {
    if (!Object.hasOwn(raw, side) || state.conceded.includes(side)) continue;
    const o = raw[side];
    if (!isObject(o)) continue;
    const move: MoveEntry[] = [];
    const fire: FireEntry[] = [];
    const moved = new Set<string>();
    for (const v of readList(p, side, o, 'move')) {
      const r = readMoveEntry(state, side, v, moved);
      if ('code' in r) p.add(r);
      else move.push(moveEntryOf(r));
    }
    const fired = new Set<string>();
    for (const v of readList(p, side, o, 'fire')) {
      const r = readFireEntry(state, side, v, fired);
      if (Array.isArray(r)) for (const e of r) p.add(e);
      else fire.push(r);
    }
    out[side] = { move, fire };
  }
  return out;
}

/** Reads a whole document: the state first; its orders only when the state is sound (§18.6). */
export function parseScgInput(
  value: unknown,
  mode: 'resolve' | 'check',
): { ok: true; value: ScgInput } | { ok: false; errors: ScgJsonError[] } {
  const p = new Problems();
  if (!isObject(value)) {
    p.position(`the input must be one JSON object (a Simple Combat Game state with its orders), not ${shown(value)}`);
    return { ok: false, errors: p.list };
  }
  const { state, orders: raw } = readState(p, value);
  const dice = readDice(p, value, mode);
  if (p.list.length > 0) return { ok: false, errors: p.list };
  const orders = readOrders(p, state, raw);
  if (p.list.length > 0) return { ok: false, errors: p.list };
  return { ok: true, value: { state, orders, dice } };
}

// ---- Writing ----

const profileJson = (w: WeaponType) => ({
  name: w.name,
  th: [...w.th],
  td: [...w.td],
  pw: [...w.pw],
  specials: [...w.specials],
});
const unitTypeJson = (t: UnitType) => ({
  name: t.name,
  ma: t.ma,
  ar: t.ar,
  dc: t.dc,
  points: t.points,
  weapons: t.weapons.map((m) => ({ mount: m.mount, weapon: m.weapon })),
  specials: [...t.specials],
});

export const unitJson = (u: ScgUnit) => ({
  id: u.id,
  side: u.side,
  type: u.type,
  hex: formatHex(u.hex),
  damage: u.damage,
  status: u.status,
});

/** A state as §18.2 writes it (the part that is the next turn's input). */
export function stateJson(s: ScgState) {
  return {
    map: { width: s.map.width, height: s.map.height, impassable: s.map.impassable.map(formatHex) },
    turn: s.turn,
    turnLimit: s.turnLimit,
    rangeScale: s.rangeScale,
    sides: [...s.sides],
    ...(Object.keys(s.unitTypes).length > 0
      ? { unitTypes: Object.fromEntries(Object.entries(s.unitTypes).map(([id, t]) => [id, unitTypeJson(t)])) }
      : {}),
    ...(Object.keys(s.weaponTypes).length > 0
      ? { weaponTypes: Object.fromEntries(Object.entries(s.weaponTypes).map(([id, w]) => [id, profileJson(w)])) }
      : {}),
    units: s.units.map(unitJson),
    conceded: [...s.conceded],
  };
}

/** §18.4: a side's orders normalised, every field filled in. */
export function ordersJson(state: ScgState, o: ScgSideOrders) {
  return {
    move: o.move.map(({ unit, order }) => {
      const halt = 'halt' in order && order.halt !== undefined ? { halt: order.halt } : {};
      switch (order.kind) {
        case 'hold':
          return { unit, hold: true };
        case 'path':
          return { unit, path: order.path.join(' '), ...halt };
        case 'to':
          return { unit, to: formatHex(order.hex), ...halt };
        case 'toward':
          return { unit, toward: order.target, within: order.within, ...halt };
      }
    }),
    fire: o.fire.map((f) => {
      const type = unitTypeOf(state.unitTypes, state.units.find((u) => u.id === f.unit)?.type ?? '');
      const rank = (m: string) => type?.weapons.findIndex((w) => w.mount === m) ?? 0;
      const weapons = [...f.weapons].sort((a, b) => rank(a.mount) - rank(b.mount));
      return {
        unit: f.unit,
        targets: [...f.targets],
        hold: f.hold,
        weapons: Object.fromEntries(weapons.map((m) => [m.mount, { targets: [...m.targets], hold: m.hold }])),
      };
    }),
  };
}
