/**
 * One `SHIP <id> SPEED <n> MOVE <plot> [FIRE <id> …] [HOLD]` line: its words
 * read into a draft, then checked against the game. Whether a SPEED, plot or
 * target list is legal is decided by src/rules (checkShipOrders), so a mail, the
 * web form and the adjudicator give the same answer; this file only adds what
 * belongs to the language (spelling, missing parts, whose ship it is).
 */
import type { Position, Ship, ShipOrders, Plot } from '../rules/types.ts';
import type { RuleError } from '../rules/result.ts';
import { checkSpeed, parsePlot, speedRange, straightPlot } from '../rules/plot.ts';
import { checkShipOrders, inPlay } from '../rules/legality.ts';
import { SHIP_CLAUSES, type OrdersContext, type ShipClause } from './ship-types.ts';
import { didYouMean, isOneOf, keyword, listWords, show, unknownWordMessage } from './words.ts';

export interface ShipLine {
  /** The ship's id as the game spells it, when the line names a ship of the game. */
  readonly ship: string | null;
  /** The orders, when the line has no problem at all. */
  readonly orders: ShipOrders | null;
  readonly problems: readonly RuleError[];
}

/** What the words of a SHIP line say, before any check against the game. */
interface Draft {
  id: string | null;
  speedWord: string | null;
  moveWords: string[] | null;
  fireWords: string[] | null;
  hold: boolean;
  /** Some word was not understood (so a missing SPEED may just be misspelt). */
  unknown: boolean;
}

/** Ids are matched as spelt, else ignoring case (`ship a1` orders ship `A1`). */
function resolveShip(position: Position, word: string): Ship | undefined {
  const exact = position.ships.find((s) => s.id === word);
  if (exact) return exact;
  const upper = word.toUpperCase();
  return position.ships.find((s) => s.id.toUpperCase() === upper);
}

function readDraft(ws: readonly string[], problems: RuleError[]): Draft {
  const draft: Draft = { id: null, speedWord: null, moveWords: null, fireWords: null, hold: false, unknown: false };
  let i = 1;
  if (ws[1] !== undefined && !isOneOf(ws[1], SHIP_CLAUSES)) {
    draft.id = ws[1].endsWith(':') && ws[1].length > 1 ? ws[1].slice(0, -1) : ws[1];
    i = 2;
  }
  const seen = new Set<ShipClause>();
  while (i < ws.length) {
    const word = ws[i]!;
    if (!isOneOf(word, SHIP_CLAUSES)) {
      draft.unknown = true;
      problems.push({
        code: 'UNKNOWN_KEYWORD',
        message: unknownWordMessage(word, SHIP_CLAUSES, 'after SHIP <id> come'),
      });
      i += 1;
      while (i < ws.length && !isOneOf(ws[i], SHIP_CLAUSES)) i += 1;
      continue;
    }
    const clause = keyword(word) as ShipClause;
    if (seen.has(clause))
      problems.push({ code: 'CLAUSE_TWICE', message: `${clause} is given twice on this line; give it once` });
    seen.add(clause);
    i += 1;
    const taken: string[] = [];
    if (clause === 'SPEED') {
      if (i < ws.length && !isOneOf(ws[i], SHIP_CLAUSES)) taken.push(ws[i++]!);
      draft.speedWord = taken[0] ?? null;
    } else if (clause === 'MOVE') {
      // The plot may be spelt with spaces ("2 L 1"): its first word, then every word that can only be part of a plot.
      if (i < ws.length && !isOneOf(ws[i], SHIP_CLAUSES)) taken.push(ws[i++]!);
      while (taken.length > 0 && i < ws.length && /^[0-9LR]+$/i.test(ws[i]!)) taken.push(ws[i++]!);
      draft.moveWords = taken;
    } else if (clause === 'FIRE') {
      while (i < ws.length && !isOneOf(ws[i], SHIP_CLAUSES)) taken.push(ws[i++]!);
      draft.fireWords = taken;
    } else {
      draft.hold = true;
    }
  }
  return draft;
}

/** `SPEED 2` → 2; null (and a problem) when the word is not a whole number. */
function readSpeed(draft: Draft, range: string, problems: RuleError[]): number | null {
  if (draft.speedWord === null) {
    if (!draft.unknown)
      problems.push({
        code: 'SPEED_MISSING',
        message: `a SHIP line needs a SPEED, e.g. SHIP ${show(draft.id ?? '3')} SPEED 2 MOVE 2${range}`,
      });
    return null;
  }
  if (!/^[+-]?\d+$/.test(draft.speedWord)) {
    problems.push({
      code: 'SPEED_NOT_NUMBER',
      message: `SPEED "${show(draft.speedWord)}" is not a number: write a whole number${range}`,
    });
    return null;
  }
  return Number(draft.speedWord);
}

/**
 * The plot, [] for a missing MOVE at SPEED 0; null (and a problem) when there
 * is none to be had. A missing MOVE is only worth a word when the SPEED it
 * should spend is itself legal (`speedLegal`), as the rules check cost only then.
 */
function readPlot(draft: Draft, speed: number | null, speedLegal: boolean, problems: RuleError[]): Plot | null {
  if (draft.moveWords === null) {
    if (speed === 0) return [];
    if (speed !== null && speedLegal)
      problems.push({
        code: 'MOVE_MISSING',
        message: `SPEED ${speed} needs a MOVE that spends it, e.g. MOVE ${speed}; only SPEED 0 may leave MOVE out`,
      });
    return null;
  }
  if (draft.moveWords.length === 0) {
    problems.push({
      code: 'PLOT_MISSING',
      message:
        'MOVE needs a plot: hexes forward as numbers, turns as L or R, e.g. MOVE 2L1 (MOVE 0, or no MOVE, at SPEED 0)',
    });
    return null;
  }
  const plot = parsePlot(draft.moveWords.join(''));
  if (!plot.ok) {
    problems.push(plot.error);
    return null;
  }
  return plot.value;
}

const idList = (ships: readonly Ship[]): string =>
  ships.length === 0
    ? 'none'
    : listWords(
        ships.map((s) => s.id),
        'and',
      );

function ownShips(ctx: OrdersContext): Ship[] {
  return ctx.position.ships.filter((s) => s.side === ctx.side && inPlay(s));
}

/** Which ship the line is about: a problem unless it is one of the seat's own. */
function whoseShip(ctx: OrdersContext, id: string, problems: RuleError[]): Ship | null {
  const ship = resolveShip(ctx.position, id);
  if (!ship) {
    problems.push({
      code: 'UNKNOWN_SHIP',
      ship: show(id),
      message: `there is no ship ${show(id)} in this game${didYouMean(
        id,
        ownShips(ctx).map((s) => s.id),
      )}; your ships in play: ${idList(ownShips(ctx))}`,
    });
    return null;
  }
  if (ship.side !== ctx.side) {
    problems.push({
      code: 'SHIP_NOT_YOURS',
      ship: ship.id,
      message: `ship ${ship.id} is not yours (it is ${show(ship.side)}'s); your ships in play: ${idList(ownShips(ctx))}`,
    });
    return null;
  }
  return ship;
}

/**
 * The rules' checks on what could be read. Parts that could not be read are
 * replaced by legal stand-ins (and the rules' verdict on them dropped), so the
 * target list is still checked when, say, the SPEED was misspelt.
 */
function checkWithRules(
  ctx: OrdersContext,
  ship: Ship,
  speed: number | null,
  speedWord: string,
  plot: Plot | null,
  fire: string[],
  hold: boolean,
): RuleError[] {
  const speedStandIn = speed ?? speedRange(ship).min;
  const plotStandIn = plot ?? straightPlot(speedStandIn);
  const errors = checkShipOrders(ctx.position, ship, { speed: speedStandIn, plot: plotStandIn, fire, hold });
  const enemies = ctx.position.ships.filter((s) => s.side !== ctx.side && inPlay(s));
  return errors
    .map((e) => {
      // A target no ship has: the enemy ships it could be, and the one it most likely meant.
      const unknown = e.code === 'FIRE_UNKNOWN_SHIP' ? /^FIRE (.*?): there is no ship/.exec(e.message)?.[1] : undefined;
      if (unknown === undefined) return e;
      const ids = enemies.map((s) => s.id);
      return {
        ...e,
        message: `FIRE ${unknown}: there is no ship ${unknown} in this game${didYouMean(unknown, ids)}; enemy ships in play: ${idList(enemies)}`,
      };
    })
    .filter((e) => !(e.code === 'PLOT_COST' && (speed === null || plot === null)))
    .map((e) =>
      e.code === 'SPEED_NOT_ALLOWED' && String(speed) !== speedWord.replace(/^\+?0*(?=\d)/, '')
        ? { ...e, message: e.message.replace(`SPEED ${speed} `, `SPEED ${show(speedWord)} `) }
        : e,
    );
}

/** Reads and checks the words of one SHIP line (`ws[0]` is SHIP). */
export function readShipLine(ws: readonly string[], ctx: OrdersContext): ShipLine {
  const problems: RuleError[] = [];
  const draft = readDraft(ws, problems);
  if (draft.id === null) {
    problems.unshift({
      code: 'SHIP_ID_MISSING',
      message: `SHIP needs a ship id, e.g. SHIP ${ownShips(ctx)[0]?.id ?? '3'} SPEED 2 MOVE 2; your ships in play: ${idList(ownShips(ctx))}`,
    });
  }
  const ship = draft.id === null ? null : whoseShip(ctx, draft.id, problems);
  const usable = ship !== null && inPlay(ship);
  const range = usable ? speedRangeHint(ship) : '';
  const speed = readSpeed(draft, range, problems);
  const speedLegal = speed !== null && (usable ? checkSpeed(ship, speed).ok : Number.isSafeInteger(speed) && speed > 0);
  const plot = readPlot(draft, speed, speedLegal, problems);
  if (draft.fireWords !== null && draft.fireWords.length === 0) {
    const enemies = ctx.position.ships.filter((s) => s.side !== ctx.side && inPlay(s));
    problems.push({
      code: 'FIRE_NO_TARGETS',
      message: `FIRE needs enemy ship ids, e.g. FIRE ${enemies[0]?.id ?? '7'}; leave FIRE out to fire at the nearest (enemy ships in play: ${idList(enemies)})`,
    });
  }
  // Targets are named as the game spells them; a name no ship has is left for the rules to report, cut short.
  const fire = (draft.fireWords ?? []).map((w) => resolveShip(ctx.position, w)?.id ?? show(w));
  if (ship !== null) problems.push(...checkWithRules(ctx, ship, speed, draft.speedWord ?? '', plot, fire, draft.hold));
  const shipId = ship?.id ?? null;
  const tagged = problems.map((p) => (p.ship !== undefined || shipId === null ? p : { ...p, ship: shipId }));
  const orders =
    tagged.length === 0 && speed !== null && plot !== null ? { speed, plot, fire, hold: draft.hold } : null;
  return { ship: shipId, orders, problems: tagged };
}

function speedRangeHint(ship: Ship): string {
  const r = speedRange(ship);
  return r.min === r.max ? ` (SPEED ${r.min} is the only choice)` : ` (choose ${r.min} to ${r.max})`;
}
