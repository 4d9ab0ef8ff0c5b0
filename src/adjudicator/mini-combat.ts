/**
 * `msc mini resolve`, `msc mini cost` and `msc mini check` (rules-mini-combat.md
 * §22) as functions of their input text: what to print and which exit code to
 * end with. Exit 0 with the answer, 2 with every problem of the input listed,
 * 3 (resolve) when a scripted dice list runs out.
 */
import type { z } from 'zod';
import { parseCodes } from '../rules/mini-combat/capabilities.ts';
import { DiceExhaustedError, ScriptedDice, SeededDice } from '../rules/dice.ts';
import { checkSideOrders } from '../rules/mini-combat/check.ts';
import { elementCost, type CostWorking } from '../rules/mini-combat/cost.ts';
import { formatFraction } from '../rules/mini-combat/fraction.ts';
import { resolveMiniTurn, turnViews } from '../rules/mini-combat/turn.ts';
import type { ElementDesign } from '../rules/mini-combat/types.ts';
import { scores } from '../rules/mini-combat/victory.ts';
import { EXIT, type Outcome } from './exit.ts';
import {
  costInputSchema,
  designOf,
  diceSourceErrors,
  hostileInputErrors,
  objectivesToJson,
  unitToJson,
  viewToJson,
  orderToJson,
  toJsonError,
  fieldPath,
  parsePositionInput,
  type MiniJsonError,
} from './mini-combat-json.ts';

const invalid = (errors: readonly MiniJsonError[]): Outcome => ({ exitCode: EXIT.invalid, stdout: { errors } });

/** The input as JSON, or the outcome that says it is not. */
export function parseText(text: string): { ok: true; value: unknown } | { ok: false; outcome: Outcome } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (e) {
    const reason = e instanceof Error ? e.message : 'unreadable input';
    return {
      ok: false,
      outcome: invalid([
        { code: 'MALFORMED_JSON', message: `the input is not valid JSON (${reason}); give one JSON document` },
      ]),
    };
  }
}

/** One design's cost as printed (§22.6): the five contract fields, then the working behind them. */
export function costJson(w: CostWorking) {
  return {
    cost: w.cost,
    exact: formatFraction(w.exact),
    base: formatFraction(w.base),
    percent: `${w.percent}`,
    multiplier: formatFraction(w.multiplier),
    working: {
      sum: w.sum,
      moraleFactor: w.moraleFactor,
      toHitFactor: w.toHitFactor,
      percents: w.percents,
      floored: w.floored,
      multipliers: w.multipliers.map((m) => ({ code: m.code, multiplier: formatFraction(m.multiplier) })),
    },
  };
}

function designCodeErrors(d: ElementDesign, where: string): MiniJsonError[] {
  const { unknown, combination } = parseCodes(d.special);
  return [...unknown, ...combination].map((m) => ({ code: 'INVALID_STATE', message: `${where}.special: ${m}` }));
}

/** Costs of the units of a position document (§11): each element, each unit, each side. */
function positionCosts(input: unknown): Outcome {
  const parsed = parsePositionInput(input);
  if (!parsed.ok) return invalid(parsed.errors);
  const p = parsed.value.position;
  const elements = [];
  const units = [];
  const sides: Record<string, number> = Object.fromEntries(p.sides.map((s) => [s, 0]));
  for (const u of p.units) {
    let unitTotal = 0;
    for (const e of u.elements) {
      const w = elementCost(e);
      unitTotal += w.cost;
      elements.push({ id: e.id, unit: u.id, side: u.side, ...costJson(w) });
    }
    units.push({ id: u.id, side: u.side, cost: unitTotal });
    sides[u.side] = (sides[u.side] ?? 0) + unitTotal;
  }
  return {
    exitCode: EXIT.resolved,
    stdout: { elements, units, sides, total: units.reduce((s, u) => s + u.cost, 0) },
  };
}

/** A design's label for messages: its name or id in the input, if it has one. */
function labelOf(doc: unknown, i: number): string {
  const elements = (doc as { elements?: unknown }).elements;
  const d: unknown = Array.isArray(elements) ? elements[i] : undefined;
  if (d === null || typeof d !== 'object') return '';
  const { name, id } = d as { name?: unknown; id?: unknown };
  const label = typeof name === 'string' ? name : typeof id === 'string' ? id : undefined;
  return label === undefined ? '' : ` ("${label.slice(0, 40)}")`;
}

/** Zod's issues as §22.7 errors, each naming the design (its index, and its name if given) and the field. */
function designErrors(issues: readonly z.core.$ZodIssue[], doc: unknown): MiniJsonError[] {
  return issues.slice(0, 100).map((i) => {
    if (i.path[0] === 'elements' && typeof i.path[1] === 'number') {
      const rest = i.path.slice(2);
      const field = rest.length > 0 ? `.${fieldPath(rest)}` : '';
      return {
        code: 'INVALID_STATE',
        message: `elements[${i.path[1]}]${labelOf(doc, i.path[1])}${field}: ${i.message}`,
      };
    }
    const where = fieldPath(i.path);
    return {
      code: 'INVALID_STATE',
      message: `${where}: ${i.message}${where === 'input' ? '; give {"elements": [design…]} or a position with "units"' : ''}`,
    };
  });
}

/**
 * `msc mini cost`: the cost of each design of `{"elements": [design…]}`, or of
 * each element, unit and side of a position document (one with `units`).
 */
export function miniCost(text: string): Outcome {
  const json = parseText(text);
  if (!json.ok) return json.outcome;
  const hostile = hostileInputErrors(json.value);
  if (hostile.length > 0) return invalid(hostile);
  const doc = json.value;
  if (doc !== null && typeof doc === 'object' && !Array.isArray(doc) && 'units' in doc) return positionCosts(doc);
  const parsed = costInputSchema.safeParse(doc);
  if (!parsed.success) return invalid(designErrors(parsed.error.issues, doc));
  const designs = parsed.data.elements.map((d) => ({ label: d.name ?? d.id, design: designOf(d) }));
  const errors = designs.flatMap(({ label, design }, i) =>
    designCodeErrors(design, `elements[${i}]${label === undefined ? '' : ` ("${label}")`}`),
  );
  if (errors.length > 0) return invalid(errors);
  const elements = designs.map(({ label, design }) => ({
    ...(label === undefined ? {} : { name: label }),
    ...costJson(elementCost(design)),
  }));
  return { exitCode: EXIT.resolved, stdout: { elements, total: elements.reduce((s, e) => s + e.cost, 0) } };
}

/**
 * `msc mini check`: checks the position and both sides' orders (§18, §22)
 * without resolving; exit 0 with `{"ok": true, "orders": …}`, the orders as
 * understood (a side with none: its standing orders, written as none), or
 * exit 2 with every problem.
 */
export function miniCheck(text: string): Outcome {
  const json = parseText(text);
  if (!json.ok) return json.outcome;
  const parsed = parsePositionInput(json.value);
  if (!parsed.ok) return invalid(parsed.errors);
  const { position, orders } = parsed.value;
  const errors: MiniJsonError[] = [];
  const understood: Record<string, ReturnType<typeof orderToJson>[]> = {};
  for (const side of position.sides) {
    const r = checkSideOrders(position, side, orders[side] ?? []);
    errors.push(...r.problems.map(toJsonError));
    understood[side] = r.orders.map(orderToJson);
  }
  if (errors.length > 0) return invalid(errors);
  return { exitCode: EXIT.resolved, stdout: { ok: true, orders: understood } };
}

/**
 * `msc mini resolve`: one turn of the position the document describes (§4,
 * §22.1), printed as §22.2 says. Every problem of the document — its shape,
 * the position, both sides' orders, the dice — is listed before anything is
 * resolved (exit 2); a scripted list that runs out is exit 3, nothing printed.
 */
export function miniResolve(text: string): Outcome {
  const json = parseText(text);
  if (!json.ok) return json.outcome;
  const hostile = hostileInputErrors(json.value);
  if (hostile.length > 0) return invalid(hostile);
  const diceErrors = diceSourceErrors(json.value);
  const parsed = parsePositionInput(json.value);
  if (!parsed.ok) return invalid([...parsed.errors, ...diceErrors]);
  const { position, orders, dice } = parsed.value;
  if (dice === null || diceErrors.length > 0) {
    const problems = position.sides.flatMap((s) => checkSideOrders(position, s, orders[s] ?? []).problems);
    return invalid([...problems.map(toJsonError), ...diceErrors]);
  }
  const source = dice.kind === 'scripted' ? new ScriptedDice(dice.rolls) : SeededDice.fromSeed(dice.seed);
  try {
    const r = resolveMiniTurn(position, orders, source);
    if (!r.ok) return invalid(r.error.map(toJsonError));
    const t = r.value;
    const views = turnViews(t.position);
    return {
      exitCode: EXIT.resolved,
      stdout: {
        turn: t.position.turn,
        units: t.position.units.map(unitToJson),
        initiative: [...t.initiative],
        events: t.events,
        score: scores(t.position),
        objectives: objectivesToJson(t.position),
        winner: t.over?.winner ?? null,
        gameOver: t.over !== null,
        reason: t.over?.reason ?? null,
        diceUsed: t.diceUsed,
        views: Object.fromEntries(position.sides.map((s) => [s, viewToJson(views[s]!)])),
        ordersUsed: Object.fromEntries(position.sides.map((s) => [s, (t.ordersUsed[s] ?? []).map(orderToJson)])),
        ...(source instanceof SeededDice ? { diceState: source.save() } : {}),
      },
    };
  } catch (e) {
    if (e instanceof DiceExhaustedError)
      return { exitCode: EXIT.diceRanOut, stderr: `msc mini resolve: ${e.message}; no result` };
    throw e;
  }
}
