/**
 * `msc scg resolve` and `msc scg check` as functions of their input text
 * (rules-scg.md §18; docs/adjudicator-scg.md): what to print and which exit
 * code to end with. Exit 0 resolved, 2 invalid input or orders (nothing
 * resolved), 3 a scripted dice list ran out.
 */
import { DiceExhaustedError, ScriptedDice, SeededDice, type DiceSource } from '../rules/dice.ts';
import { resolveScgTurn } from '../rules/scg/resolve.ts';
import { STANDING_ORDERS, type ScgSideOrders } from '../rules/scg/types.ts';
import { EXIT, type Outcome } from './exit.ts';
import { ordersJson, parseScgInput, stateJson, unitJson, type DiceChoice, type ScgJsonError } from './scg-json.ts';

const invalid = (errors: readonly ScgJsonError[]): Outcome => ({ exitCode: EXIT.invalid, stdout: { errors } });

function parseText(text: string): { ok: true; value: unknown } | { ok: false; outcome: Outcome } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (e) {
    const reason = e instanceof SyntaxError ? e.message : 'unreadable input';
    return {
      ok: false,
      outcome: invalid([
        {
          code: 'MALFORMED_JSON',
          message: `the input is not valid JSON (${reason.slice(0, 200)}); give one JSON document: a Simple Combat Game state with its orders and dice`,
        },
      ]),
    };
  }
}

function diceSource(d: DiceChoice): DiceSource {
  if (d.kind === 'scripted') return new ScriptedDice(d.rolls);
  return d.kind === 'seed' ? SeededDice.fromSeed(d.seed) : SeededDice.fromState(d.state);
}

/** Resolves the turn a document describes (§18.2). */
export function adjudicateScg(text: string): Outcome {
  const json = parseText(text);
  if (!json.ok) return json.outcome;
  const input = parseScgInput(json.value, 'resolve');
  if (!input.ok) return invalid(input.errors);
  const { state, orders, dice } = input.value;
  const source = diceSource(dice!);
  try {
    const r = resolveScgTurn(state, orders, source);
    const used = (side: string) => {
      const given = Object.hasOwn(orders, side) && !state.conceded.includes(side);
      const o: ScgSideOrders = given ? orders[side]! : STANDING_ORDERS;
      return { source: given ? 'orders' : 'standing', ...ordersJson(state, o) };
    };
    const units = r.state.units.map(unitJson);
    return {
      exitCode: EXIT.resolved,
      stdout: {
        ...stateJson(r.state),
        initiative: [...r.initiative],
        events: r.events,
        scores: r.scores,
        winner: r.winner,
        gameOver: r.gameOver,
        reason: r.reason,
        diceUsed: r.diceUsed,
        ...(source instanceof SeededDice ? { diceState: source.save() } : {}),
        ordersUsed: Object.fromEntries(state.sides.map((s) => [s, used(s)])),
        views: Object.fromEntries(
          state.sides.map((s) => [s, { side: s, turn: r.state.turn, units, scores: r.scores }]),
        ),
      },
    };
  } catch (e) {
    if (e instanceof DiceExhaustedError)
      return { exitCode: EXIT.diceRanOut, stderr: `msc scg resolve: ${e.message}; no result` };
    throw e;
  }
}

/** Only checks a document: its state and every side's orders (§18.4). */
export function checkScgDocument(text: string): Outcome {
  const json = parseText(text);
  if (!json.ok) return json.outcome;
  const input = parseScgInput(json.value, 'check');
  if (!input.ok) return invalid(input.errors);
  const { state, orders } = input.value;
  return {
    exitCode: EXIT.resolved,
    stdout: {
      ok: true,
      orders: Object.fromEntries(
        state.sides.filter((s) => Object.hasOwn(orders, s)).map((s) => [s, ordersJson(state, orders[s]!)]),
      ),
    },
  };
}
