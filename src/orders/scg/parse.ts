/**
 * The Simple Combat Game's orders language (rules-scg.md §17): MOVE and FIRE
 * lines in the shell the tactical and campaign languages share (header,
 * commands, MESSAGE, comments, quoted blocks: ../parse.ts). Each line is read
 * into the rules' orders, then checked against the game as it stands with the
 * rules' own checks (§18.6), each problem on its line. All or nothing.
 */
import { checkEnemy, checkMoveValues, checkOwnUnit, moveEntryOf, type MoveDraft } from '../../rules/scg/check.ts';
import { unitTypeOf } from '../../rules/scg/forces.ts';
import type { FireEntry, MountChoice, MoveEntry, ScgSideOrders, ScgState } from '../../rules/scg/types.ts';
import { DIRECTIONS, type Direction } from '../../rules/types.ts';
import { readSubmission, type OrderLines, type Reading, type SubmissionCommon } from '../submission.ts';
import type { OrdersProblem } from '../types.ts';
import { keyword, show } from '../words.ts';
import { scgOrderBlock } from './format.ts';

/** Keywords that open an order line. */
export const SCG_KEYWORDS = ['MOVE', 'FIRE'] as const;

/** Codes of the language itself (§17.4); the rules' codes (§18.6) pass through unchanged. */
export const SCG_ORDERS_CODES = ['MOVE_FORMAT', 'FIRE_FORMAT', 'UNIT_MISSING'] as const;

/** What a submission is checked against: the seat that sent it and the game as it stands. */
export interface ScgOrdersContext {
  readonly gameId: string;
  readonly turn: number;
  readonly side: string;
  readonly state: ScgState;
  /** The order blocks sent to the side for this turn (default: the one scgOrderBlock makes). */
  readonly sent?: () => readonly string[];
}

export interface ParsedScgSubmission extends SubmissionCommon {
  readonly orders: ScgSideOrders;
}

export type ScgParseOutcome =
  { ok: true; value: ParsedScgSubmission } | { ok: false; errors: OrdersProblem[]; partial: ParsedScgSubmission };

const MOVE_FORMS =
  'write MOVE <unit> <directions N NE SE S SW NW>, MOVE <unit> TO <CCRR>, MOVE <unit> TOWARD <enemy unit or NEAREST> [WITHIN <n>] or MOVE <unit> HOLD, each but HOLD with HALT <n> if wanted';
const FIRE_FORMS = 'write FIRE <unit> [<mount>] [AT <enemy unit> …] [HOLD]';

const isDirection = (w: string | undefined): boolean => (DIRECTIONS as readonly string[]).includes(keyword(w));

class ScgReading {
  readonly moves: MoveEntry[] = [];
  readonly moveLine = new Map<string, number>();
  readonly fires = new Map<string, { unit?: FireEntry; mounts: MountChoice[] }>();
  readonly fireLine = new Map<string, number>();
  /** Upper-case id → the game's spelling. */
  readonly ids = new Map<string, string>();

  constructor(readonly ctx: ScgOrdersContext) {
    for (const u of ctx.state.units) this.ids.set(u.id.toUpperCase(), u.id);
  }

  /** A unit id as the game spells it, when it is one; else the word as written. */
  unit(word: string): string {
    return this.ids.get(word.toUpperCase()) ?? word;
  }

  orders(): ScgSideOrders {
    const fire: FireEntry[] = [];
    for (const [unit, f] of this.fires) {
      const base = f.unit ?? { unit, targets: [], hold: false, weapons: [] };
      fire.push({ ...base, weapons: f.mounts });
    }
    return { move: this.moves, fire };
  }
}

function problem(r: Reading, line: number, code: string, message: string): undefined {
  r.report(line, { code, message });
  return undefined;
}

/** A number of hexes: digits only (its range is the rules' HALT_VALUE / WITHIN_VALUE). */
const hexesValue = (w: string | undefined): number | null =>
  w !== undefined && /^\d{1,6}$/.test(w) ? Number(w) : null;

function readMove(c: ScgReading, r: Reading, line: number, ws: readonly string[]): string | undefined {
  if (ws[1] === undefined) return problem(r, line, 'UNIT_MISSING', `MOVE needs a unit: ${MOVE_FORMS}`);
  const unit = c.unit(ws[1]);
  const rest = ws.slice(2);
  const bad = (why: string) => problem(r, line, 'MOVE_FORMAT', `${why}: ${MOVE_FORMS}`);
  const head = keyword(rest[0]);
  let k: number;
  let draft: MoveDraft;
  if (rest.length === 0) return bad(`no order for ${show(unit)}`);
  if (head === 'HOLD') {
    if (rest.length > 1)
      return bad(keyword(rest[1]) === 'HALT' ? 'HALT does not go with HOLD' : `"${show(rest[1]!)}" after HOLD`);
    draft = { unit, kind: 'hold' };
  } else {
    let kind: 'path' | 'to' | 'toward';
    const path: Direction[] = [];
    let target = '';
    if (head === 'TO' || head === 'TOWARD') {
      if (rest[1] === undefined) return bad(head === 'TO' ? 'TO needs a hex' : 'TOWARD needs an enemy unit or NEAREST');
      kind = head === 'TO' ? 'to' : 'toward';
      target =
        head === 'TOWARD' && keyword(rest[1]) === 'NEAREST' ? 'nearest' : head === 'TOWARD' ? c.unit(rest[1]) : rest[1];
      k = 2;
    } else if (isDirection(rest[0])) {
      k = 0;
      kind = 'path';
      while (k < rest.length && isDirection(rest[k])) path.push(keyword(rest[k++]) as Direction);
    } else return bad(`"${show(rest[0]!)}" is not a direction, TO, TOWARD or HOLD`);
    let halt: number | undefined;
    let within: number | undefined;
    while (k < rest.length) {
      const clause = keyword(rest[k]);
      if (clause !== 'HALT' && clause !== 'WITHIN')
        return bad(
          kind === 'path'
            ? `"${show(rest[k]!)}" is not a direction or HALT`
            : `"${show(rest[k]!)}" is not understood here`,
        );
      if (clause === 'WITHIN' && kind !== 'toward') return bad('WITHIN goes only with TOWARD');
      if ((clause === 'HALT' ? halt : within) !== undefined) return bad(`${clause} is given twice`);
      const n = hexesValue(rest[k + 1]);
      if (n === null) return bad(`${clause} needs a whole number of hexes, 1 to 99`);
      if (clause === 'HALT') halt = n;
      else within = n;
      k += 2;
    }
    const opt = { ...(halt === undefined ? {} : { halt }), ...(within === undefined ? {} : { within }) };
    draft =
      kind === 'path'
        ? { unit, kind, path, ...opt }
        : kind === 'to'
          ? { unit, kind, to: target, ...opt }
          : { unit, kind, toward: target, ...opt };
  }
  const side = c.ctx.side;
  const own = checkOwnUnit(c.ctx.state, side, unit);
  if (own) return problem(r, line, own.code, own.message);
  const first = c.moveLine.get(unit);
  if (first !== undefined)
    return problem(
      r,
      line,
      'MOVE_TWICE',
      `${unit} already has a MOVE line (line ${first}): give one MOVE line per unit`,
    );
  c.moveLine.set(unit, line);
  const p = checkMoveValues(c.ctx.state, side, draft);
  if (p) return problem(r, line, p.code, p.message);
  c.moves.push(moveEntryOf(draft));
  return unit;
}

function readFire(c: ScgReading, r: Reading, line: number, ws: readonly string[]): string | undefined {
  if (ws[1] === undefined) return problem(r, line, 'UNIT_MISSING', `FIRE needs a unit: ${FIRE_FORMS}`);
  const { state, side } = c.ctx;
  const unit = c.unit(ws[1]);
  const own = checkOwnUnit(state, side, unit);
  if (own) return problem(r, line, own.code, own.message);
  const type = unitTypeOf(state.unitTypes, state.units.find((u) => u.id === unit)!.type)!;
  let k = 2;
  let mount: string | null = null;
  const next = keyword(ws[2]);
  if (ws[2] !== undefined && next !== 'AT' && next !== 'HOLD') {
    const m = type.weapons.find((w) => w.mount.toUpperCase() === next);
    if (!m)
      return problem(
        r,
        line,
        'FIRE_UNKNOWN_WEAPON',
        `${unit} (${type.name}) has no weapon ${show(ws[2])}: after the unit write AT, HOLD or one of its mounts ${type.weapons.map((w) => w.mount).join(' ')}`,
      );
    mount = m.mount;
    k = 3;
  }
  const targets: string[] = [];
  let hold = false;
  if (keyword(ws[k]) === 'AT') {
    k += 1;
    while (k < ws.length && keyword(ws[k]) !== 'HOLD') targets.push(c.unit(ws[k++]!));
    if (targets.length === 0) return problem(r, line, 'FIRE_FORMAT', `AT needs at least one enemy unit: ${FIRE_FORMS}`);
  }
  if (keyword(ws[k]) === 'HOLD') {
    hold = true;
    k += 1;
  }
  if (k < ws.length)
    return problem(
      r,
      line,
      'FIRE_FORMAT',
      `"${show(ws[k]!)}" is not understood here (HOLD comes last, and one mount per line): ${FIRE_FORMS}`,
    );
  const key = mount === null ? unit : `${unit} ${mount}`;
  const first = c.fireLine.get(key);
  if (first !== undefined)
    return problem(
      r,
      line,
      'FIRE_TWICE',
      `${mount === null ? `${unit} already has a FIRE line` : `${unit}'s ${mount} already has a FIRE line`} (line ${first}): give one unit line per unit and one line per mount`,
    );
  let ok = true;
  const seen = new Set<string>();
  for (const t of targets) {
    const p = checkEnemy(state, side, t);
    if (p) {
      ok = false;
      problem(r, line, p.code, `${unit} fires at ${show(t)}: ${p.message}`);
    } else if (seen.has(t)) {
      ok = false;
      problem(
        r,
        line,
        'TARGET_DUPLICATE',
        `${t} is named twice after AT: name each target once, in the order to try them`,
      );
    }
    seen.add(t);
  }
  if (!ok) return undefined;
  c.fireLine.set(key, line);
  const f = c.fires.get(unit) ?? { mounts: [] };
  if (mount === null) f.unit = { unit, targets, hold, weapons: [] };
  else f.mounts.push({ mount, targets, hold });
  c.fires.set(unit, f);
  return unit;
}

function scgLines(c: ScgReading): OrderLines {
  const { ctx } = c;
  return {
    keywords: SCG_KEYWORDS,
    sent: ctx.sent ?? (() => [scgOrderBlock(ctx.state, ctx.side, ctx)]),
    empty:
      'no orders found: write one order per line, e.g. MOVE WM TOWARD NEAREST WITHIN 2 or FIRE WM AT EH, then END; send HELP for instructions',
    misplaced: (head) =>
      ['TO', 'TOWARD', 'HALT', 'WITHIN', 'AT'].includes(head)
        ? `${head} belongs on a MOVE or FIRE line after the unit: MOVE <unit> … or FIRE <unit> …`
        : null,
    read(r, line, ws, head) {
      return head === 'MOVE' ? readMove(c, r, line, ws) : readFire(c, r, line, ws);
    },
  };
}

/** Parses a submission for one side and checks it against the game as it stands (§17). */
export function parseScgSubmission(text: string, ctx: ScgOrdersContext): ScgParseOutcome {
  const c = new ScgReading(ctx);
  const r = readSubmission(
    text,
    { gameId: ctx.gameId, turn: ctx.turn, side: ctx.side, sides: ctx.state.sides },
    scgLines(c),
  );
  const value: ParsedScgSubmission = { ...r.value, orders: c.orders() };
  return r.problems.length === 0 ? { ok: true, value } : { ok: false, errors: r.problems, partial: value };
}
