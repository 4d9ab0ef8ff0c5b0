/**
 * The Mini Combat orders language (rules-mini-combat.md §19): UNIT and PATH
 * lines inside the shared GAME … END frame (src/orders/submission.ts). Each
 * line is read into the entries of §7 as written (JSON names, plain strings);
 * the entries are then checked by the rules' own valid-orders code (§18,
 * src/rules/mini-combat/check.ts) against the side's view, and every problem
 * is reported on the line it came from. All or nothing.
 */
import { checkSideOrders, type OrderEntryInput } from '../../rules/mini-combat/check.ts';
import type { UnitOrder } from '../../rules/mini-combat/orders.ts';
import { betweenTurns } from '../../rules/mini-combat/sight.ts';
import type { MiniPosition } from '../../rules/mini-combat/types.ts';
import { sideView } from '../../rules/mini-combat/views.ts';
import { DIRECTIONS } from '../../rules/types.ts';
import { readSubmission, type Reading, type SubmissionCommon } from '../submission.ts';
import type { OrdersProblem } from '../types.ts';
import { keyword, nearestKeyword, show, unknownWordMessage } from '../words.ts';
import { miniOrderBlock } from './orders-format.ts';
import { isReserved } from './words.ts';

/** Keywords that open an order line (§19). */
export const ORDER_KEYWORDS = ['UNIT', 'PATH'] as const;

/** The clauses of a UNIT line (§19), in the order of §7's table; NEAREST, WEAKEST and HOLD stand for THEN <value>. */
export const CLAUSE_KEYWORDS = [
  'MOVE',
  'FACE',
  'FIRE',
  'THEN',
  'NEAREST',
  'WEAKEST',
  'HOLD',
  'WITHIN',
  'SPARE',
  'TELEPORT',
  'DROP',
  'EMBARK',
  'DISEMBARK',
  'INSUBSTANTIAL',
  'DIVE',
  'SURFACE',
  'LAND',
  'SQUARE',
  'HEAL',
] as const;
type Clause = (typeof CLAUSE_KEYWORDS)[number];

/** Codes of the language itself (§19); the rules' codes (§18) and the shared frame's pass through unchanged. */
export const ORDERS_CODES = [
  'UNKNOWN_KEYWORD',
  'UNIT_ID_MISSING',
  'CLAUSE_TWICE',
  'MOVE_MISSING',
  'FACE_MISSING',
  'FIRE_NO_TARGETS',
  'TELEPORT_MISSING',
  'DROP_MISSING',
  'EMBARK_MISSING',
  'HEAL_MISSING',
  'PATH_FORMAT',
  'PATH_TWICE',
  'EXTRA_WORDS',
  'THEN_VALUE',
  'WITHIN_VALUE',
  'UNIT_TWICE',
  'ELEMENT_UNKNOWN',
] as const;

export const UNIT_SYNTAX =
  'UNIT <unit> [MOVE <directions>] [FACE <direction>] [FIRE <ids>] [THEN NEAREST|WEAKEST|HOLD] [WITHIN <cm>] [SPARE] [TELEPORT <hexes>] [DROP <hexes>] [EMBARK <unit>] [DISEMBARK] [INSUBSTANTIAL] [DIVE] [SURFACE] [LAND] [SQUARE] [HEAL <unit>]';
export const PATH_SYNTAX = 'PATH <element> <directions>';

/** What a submission is checked against: the seat that sent it and the game as it stands. */
export interface MiniOrdersContext {
  readonly gameId: string;
  readonly turn: number;
  readonly side: string;
  readonly position: MiniPosition;
  /** The order blocks sent to the side for this turn (default: the one miniOrderBlock makes). */
  readonly sent?: () => readonly string[];
}

export interface ParsedMiniOrders extends SubmissionCommon {
  /** The activation list as understood (§6, §7). */
  readonly orders: readonly UnitOrder[];
}

export type MiniOrdersOutcome =
  { ok: true; value: ParsedMiniOrders } | { ok: false; errors: OrdersProblem[]; partial: ParsedMiniOrders };

const DIRECTION_WORDS: readonly string[] = DIRECTIONS;
const isDirection = (w: string): boolean => DIRECTION_WORDS.includes(keyword(w));
const isClause = (w: string | undefined): boolean => (CLAUSE_KEYWORDS as readonly string[]).includes(keyword(w));
const THEN_WORDS = ['NEAREST', 'WEAKEST', 'HOLD'];

/** An entry's fields as the clauses fill them in. */
type Fields = { -readonly [K in keyof Omit<OrderEntryInput, 'unit' | 'paths'>]: OrderEntryInput[K] };

/** One unit's entry as the lines give it: where it stands in the list, and which lines gave what. */
interface Draft {
  /** The unit as the game spells it (or as written, when it is none of the side's). */
  readonly unit: string;
  /** The UNIT line, or null when only PATH lines name the unit. */
  unitLine: number | null;
  /** Where the unit enters the activation list: its UNIT line, else its first PATH line (§19). */
  place: number;
  /** A UNIT line with a problem of the language: the rules do not check the entry. */
  broken: boolean;
  fields: Fields;
  readonly paths: Map<string, { words: string[]; line: number }>;
}

class OrdersReading {
  /** Upper-case id → the game's spelling: the side's units, its elements (with their unit), and ids for FIRE. */
  readonly units = new Map<string, string>();
  readonly elements = new Map<string, { id: string; unit: string }>();
  readonly targets = new Map<string, string>();
  readonly drafts = new Map<string, Draft>();

  constructor(readonly ctx: MiniOrdersContext) {
    const view = sideView(ctx.position, ctx.side, betweenTurns(ctx.position));
    for (const u of view.units) {
      this.units.set(u.id.toUpperCase(), u.id);
      this.targets.set(u.id.toUpperCase(), u.id);
      for (const e of u.elements) {
        this.elements.set(e.id.toUpperCase(), { id: e.id, unit: u.id });
        this.targets.set(e.id.toUpperCase(), e.id);
      }
    }
    // Only what the side is shown is spelled the game's way: an unseen enemy's id is echoed as written.
    for (const u of view.enemy) {
      this.targets.set(u.id.toUpperCase(), u.id);
      for (const e of u.elements) this.targets.set(e.id.toUpperCase(), e.id);
    }
  }

  draft(unit: string, line: number): Draft {
    const key = unit.toUpperCase();
    let d = this.drafts.get(key);
    if (d === undefined) {
      d = { unit, unitLine: null, place: line, broken: false, fields: {}, paths: new Map() };
      this.drafts.set(key, d);
    }
    return d;
  }

  /** The entries in list order, as the rules read them. */
  entries(): { entry: OrderEntryInput; draft: Draft }[] {
    return [...this.drafts.values()]
      .filter((d) => !d.broken)
      .sort((a, b) => a.place - b.place)
      .map((d) => {
        const paths = Object.fromEntries([...d.paths].map(([id, p]) => [id, p.words]));
        const entry: OrderEntryInput = { unit: d.unit, ...d.fields, ...(d.paths.size > 0 ? { paths } : {}) };
        return { entry, draft: d };
      });
  }
}

const report = (r: Reading, line: number, code: string, message: string) => r.report(line, { code, message });

/** A word where a value was expected that is no value of its kind but close to a keyword: a misspelt clause. */
function misspeltClause(r: Reading, line: number, w: string, fits: boolean): boolean {
  if (fits || isReserved(w)) return false;
  const guess = nearestKeyword(w, CLAUSE_KEYWORDS);
  if (guess === null) return false;
  report(r, line, 'UNKNOWN_KEYWORD', `"${show(w)}" is not a keyword (did you mean ${guess}?); write ${UNIT_SYNTAX}`);
  return true;
}

/** Reads one clause's values into the draft's fields; reports the language's problems. */
function readClause(
  c: OrdersReading,
  r: Reading,
  line: number,
  clause: Clause,
  values: readonly string[],
  f: Fields,
): void {
  const none = values.length === 0;
  const one = (missing: string, what: string): string | null => {
    if (none) {
      report(r, line, missing, `${clause} needs ${what}: write ${clause} ${what}`);
      return null;
    }
    if (values.length > 1) {
      report(
        r,
        line,
        'EXTRA_WORDS',
        `"${show(values.slice(1).join(' '))}" is not understood here: ${clause} takes one ${what}`,
      );
      return null;
    }
    return values[0]!;
  };
  const flag = () => {
    if (!none)
      report(
        r,
        line,
        'EXTRA_WORDS',
        `"${show(values.join(' '))}" is not understood here: ${clause} takes nothing after it`,
      );
    return true;
  };
  const misspelt = (fits: (w: string) => boolean) => values.some((w) => misspeltClause(r, line, w, fits(w)));
  switch (clause) {
    case 'MOVE':
      if (none)
        report(r, line, 'MOVE_MISSING', `MOVE needs one or more directions: MOVE N N NE (${DIRECTIONS.join(' ')})`);
      else if (!misspelt(isDirection)) f.move = [...values];
      return;
    case 'FACE': {
      const d = one('FACE_MISSING', `<direction> (${DIRECTIONS.join(' ')})`);
      if (d !== null) f.face = d;
      return;
    }
    case 'FIRE':
      if (none)
        report(
          r,
          line,
          'FIRE_NO_TARGETS',
          'FIRE needs one or more enemy unit or element ids, in the order to try them',
        );
      else if (!misspelt((w) => c.targets.has(w.toUpperCase())))
        f.fire = values.map((w) => c.targets.get(w.toUpperCase()) ?? w);
      return;
    case 'THEN': {
      const v = values[0];
      if (v === undefined || !THEN_WORDS.includes(keyword(v)))
        report(
          r,
          line,
          'THEN_VALUE',
          `THEN ${v === undefined ? 'needs a value' : `"${show(v)}" is not a fallback`}: write THEN NEAREST, THEN WEAKEST or THEN HOLD`,
        );
      else f.then = v.toLowerCase();
      return;
    }
    case 'WITHIN': {
      const v = values[0];
      if (v === undefined || !/^\d{1,6}$/.test(v))
        report(
          r,
          line,
          'WITHIN_VALUE',
          `WITHIN ${v === undefined ? 'needs a range' : `"${show(v)}" is not a range`}: a range in cm, a positive multiple of 5, e.g. WITHIN 30`,
        );
      else if (values.length > 1)
        report(
          r,
          line,
          'EXTRA_WORDS',
          `"${show(values.slice(1).join(' '))}" is not understood here: WITHIN takes one range in cm`,
        );
      else f.within = Number(v);
      return;
    }
    case 'TELEPORT':
    case 'DROP':
      if (none)
        report(
          r,
          line,
          `${clause}_MISSING`,
          `${clause} needs one aimed hex per element (the last repeats): ${clause} 1210 1211`,
        );
      else if (!misspelt((w) => /^\d{4}$/.test(w))) f[clause === 'TELEPORT' ? 'teleport' : 'drop'] = [...values];
      return;
    case 'EMBARK':
    case 'HEAL': {
      const u = one(`${clause}_MISSING`, clause === 'EMBARK' ? '<transport unit>' : '<unit>');
      if (u !== null) f[clause === 'EMBARK' ? 'embark' : 'heal'] = c.units.get(u.toUpperCase()) ?? u;
      return;
    }
    case 'SPARE':
      f.spare = flag();
      return;
    case 'DISEMBARK':
      f.disembark = flag();
      return;
    case 'INSUBSTANTIAL':
      f.insubstantial = flag();
      return;
    case 'DIVE':
      f.dive = flag();
      return;
    case 'SURFACE':
      f.surface = flag();
      return;
    case 'LAND':
      f.land = flag();
      return;
    case 'SQUARE':
      f.square = flag();
      return;
    default:
      // NEAREST, WEAKEST and HOLD are read as THEN before they come here.
      return;
  }
}

/** `UNIT <unit> <clause>…`: the unit's entry, its place in the list, each clause at most once (§19). */
function readUnit(c: OrdersReading, r: Reading, line: number, ws: readonly string[]): string | undefined {
  const id = ws[1];
  if (id === undefined || isReserved(id)) {
    report(
      r,
      line,
      'UNIT_ID_MISSING',
      `${id === undefined ? 'UNIT needs a unit id' : `"${show(id)}" is a keyword, not a unit id`}: write ${UNIT_SYNTAX}`,
    );
    return undefined;
  }
  const unit = c.units.get(id.toUpperCase()) ?? id;
  const before = c.drafts.get(unit.toUpperCase());
  if (before?.unitLine != null) {
    report(
      r,
      line,
      'UNIT_TWICE',
      `unit ${show(unit)} is already listed on line ${before.unitLine}: give each unit one UNIT line`,
    );
    return undefined;
  }
  const start = r.problemCount;
  const fields: Fields = {};
  const seen = new Set<string>();
  let k = 2;
  while (k < ws.length) {
    const w = ws[k]!;
    if (!isClause(w)) {
      report(
        r,
        line,
        'UNKNOWN_KEYWORD',
        isDirection(w)
          ? `"${show(w)}" is a direction, not a clause: a path follows MOVE, as in UNIT ${show(unit)} MOVE ${show(w)}`
          : unknownWordMessage(w, CLAUSE_KEYWORDS, `after UNIT ${show(unit)} come the clauses`),
      );
      k += 1;
      while (k < ws.length && !isClause(ws[k])) k += 1;
      continue;
    }
    const kw = keyword(w);
    const clause = (THEN_WORDS.includes(kw) ? 'THEN' : kw) as Clause;
    k += 1;
    const values: string[] = THEN_WORDS.includes(kw) ? [kw] : [];
    if (clause === 'THEN') {
      // THEN's value is itself a keyword (NEAREST, WEAKEST, HOLD); any other word after THEN is its (bad) value.
      if (kw === 'THEN' && ws[k] !== undefined && (THEN_WORDS.includes(keyword(ws[k])) || !isClause(ws[k])))
        values.push(ws[k++]!);
    } else while (k < ws.length && !isClause(ws[k])) values.push(ws[k++]!);
    if (seen.has(clause)) {
      report(
        r,
        line,
        'CLAUSE_TWICE',
        `${clause === 'THEN' ? 'THEN (or NEAREST, WEAKEST, HOLD)' : clause} is given twice: each clause at most once on a UNIT line`,
      );
      continue;
    }
    seen.add(clause);
    readClause(c, r, line, clause, values, fields);
    // Words after THEN's value, before the next clause.
    if (clause === 'THEN' && k < ws.length && !isClause(ws[k])) {
      const extra: string[] = [];
      while (k < ws.length && !isClause(ws[k])) extra.push(ws[k++]!);
      report(
        r,
        line,
        'EXTRA_WORDS',
        `"${show(extra.join(' '))}" is not understood here: THEN takes one of NEAREST, WEAKEST, HOLD`,
      );
    }
  }
  const d = c.draft(unit, line);
  d.unitLine = line;
  d.place = line;
  d.fields = fields;
  d.broken = r.problemCount > start;
  return unit;
}

/** `PATH <element> <direction>…`: one element's own path; `PATH <element>` alone keeps it where it is. */
function readPath(c: OrdersReading, r: Reading, line: number, ws: readonly string[]): string | undefined {
  const id = ws[1];
  if (id === undefined || isReserved(id)) {
    report(
      r,
      line,
      'PATH_FORMAT',
      `${id === undefined ? 'PATH needs an element' : `"${show(id)}" is not an element id`}: write ${PATH_SYNTAX}, e.g. PATH A3c N NE`,
    );
    return undefined;
  }
  const e = c.elements.get(id.toUpperCase());
  if (e === undefined) {
    report(
      r,
      line,
      'ELEMENT_UNKNOWN',
      `${show(id)} is not one of your elements: PATH names an element of one of your units`,
    );
    return undefined;
  }
  const steps = ws.slice(2);
  const clause = steps.find((w) => isClause(w) || (isReserved(w) && !isDirection(w)));
  if (clause !== undefined) {
    report(
      r,
      line,
      'PATH_FORMAT',
      `PATH takes only directions: ${keyword(clause)} goes on the unit's UNIT line; write ${PATH_SYNTAX}`,
    );
    return undefined;
  }
  if (steps.some((w) => misspeltClause(r, line, w, isDirection(w)))) return undefined;
  const d = c.draft(e.unit, line);
  const before = d.paths.get(e.id);
  if (before !== undefined) {
    report(r, line, 'PATH_TWICE', `${e.id} already has a path on line ${before.line}: give each element one PATH line`);
    return undefined;
  }
  d.paths.set(e.id, { words: steps, line });
  return e.unit;
}

/** The rules' check of the entries (§18), each problem on the line it came from. */
function checkEntries(c: OrdersReading, r: Reading): readonly UnitOrder[] {
  const listed = c.entries();
  const byUnit = new Map(listed.map((x) => [x.entry.unit, x.draft]));
  const checked = checkSideOrders(
    c.ctx.position,
    c.ctx.side,
    listed.map((x) => x.entry),
  );
  for (const p of checked.problems) {
    const d = p.unit === undefined ? undefined : byUnit.get(p.unit);
    const pathLine = p.element === undefined ? undefined : d?.paths.get(p.element)?.line;
    r.report(pathLine ?? d?.unitLine ?? d?.place ?? null, { code: p.code, message: p.message });
  }
  return checked.orders;
}

function orderLines(c: OrdersReading) {
  const { ctx } = c;
  return {
    keywords: ORDER_KEYWORDS,
    clauses: CLAUSE_KEYWORDS,
    sent: ctx.sent ?? (() => [miniOrderBlock(ctx.position, ctx.side, ctx)]),
    empty:
      'no orders found: write one line per unit in the order they should act, e.g. UNIT A1 MOVE N N FIRE B2, then END; send HELP for instructions',
    misplaced: (head: string) =>
      isClause(head) ? `${head} belongs on a UNIT line after the unit: UNIT <unit> ${head} …` : null,
    read(r: Reading, line: number, ws: readonly string[], head: string) {
      return head === 'UNIT' ? readUnit(c, r, line, ws) : readPath(c, r, line, ws);
    },
  };
}

/** Parses a side's orders for a turn (§19) and checks them against its view (§18). */
export function parseMiniOrders(text: string, ctx: MiniOrdersContext): MiniOrdersOutcome {
  const c = new OrdersReading(ctx);
  const r = readSubmission(
    text,
    { gameId: ctx.gameId, turn: ctx.turn, side: ctx.side, sides: ctx.position.sides },
    orderLines(c),
  );
  // The rules check every entry that was read, so that one answer lists every problem.
  const orders = r.full ? [] : checkEntries(c, r);
  const value: ParsedMiniOrders = { ...r.value, orders };
  return r.problems.length === 0 ? { ok: true, value } : { ok: false, errors: r.problems, partial: value };
}
