/**
 * `msc resolve` and `msc check` as functions of their input text: what to
 * print and which exit code to end with (docs/adjudicator.md).
 */
import { DiceExhaustedError, ScriptedDice, SeededDice, type DiceSource } from '../rules/dice.ts';
import { resolveTurn } from '../rules/resolve.ts';
import { checkOrderSet } from '../rules/legality.ts';
import type { RuleError } from '../rules/result.ts';
import { EXIT, type Outcome } from './exit.ts';
import { ordersToJson, parsePositionInput, resultToJson } from './position-json.ts';

export { EXIT, type Outcome };

const invalid = (errors: RuleError[]): Outcome => ({ exitCode: EXIT.invalid, stdout: { errors } });

function parseJsonText(text: string): { ok: true; value: unknown } | { ok: false; outcome: Outcome } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (e) {
    const reason = e instanceof SyntaxError ? e.message : 'unreadable input';
    return {
      ok: false,
      outcome: invalid([
        { code: 'MALFORMED_JSON', message: `the input is not valid JSON (${reason}); give one JSON position document` },
      ]),
    };
  }
}

/** Resolves the turn described by a position document. */
export function adjudicate(text: string): Outcome {
  const json = parseJsonText(text);
  if (!json.ok) return json.outcome;
  const input = parsePositionInput(json.value);
  if (!input.ok) return invalid(input.errors);
  const { position, orders, plotErrors, dice } = input.value;
  const orderErrors = checkOrderSet(position, orders, plotErrors);
  if (orderErrors.length > 0) return invalid(orderErrors);
  if (!dice)
    return invalid([
      { code: 'NO_DICE', message: 'give "dice" (a list of rolls 1–6) or "seed" (a string) to roll with' },
    ]);
  const source: DiceSource = dice.kind === 'scripted' ? new ScriptedDice(dice.rolls) : SeededDice.fromSeed(dice.seed);
  try {
    const result = resolveTurn(position, orders, source);
    if (!result.ok) return invalid(result.error);
    return {
      exitCode: EXIT.resolved,
      stdout: resultToJson(result.value, source instanceof SeededDice ? source.save() : undefined),
    };
  } catch (e) {
    if (e instanceof DiceExhaustedError)
      return { exitCode: EXIT.diceRanOut, stderr: `msc resolve: ${e.message}; no result` };
    throw e;
  }
}

/** Only checks the orders of a position document. */
export function checkOrders(text: string): Outcome {
  const json = parseJsonText(text);
  if (!json.ok) return json.outcome;
  const input = parsePositionInput(json.value);
  if (!input.ok) return invalid(input.errors);
  const errors = checkOrderSet(input.value.position, input.value.orders, input.value.plotErrors);
  if (errors.length > 0) return invalid(errors);
  return { exitCode: EXIT.resolved, stdout: { ok: true, orders: ordersToJson(input.value.orders) } };
}
