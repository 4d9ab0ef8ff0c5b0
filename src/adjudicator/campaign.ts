/**
 * `msc campaign resolve` and `msc campaign check` as functions of their input
 * text (rules-strategic.md §11; docs/adjudicator-campaign.md): what to print
 * and which exit code to end with. Exit 0 resolved, 2 invalid input or
 * orders (nothing resolved), 3 a scripted dice list ran out.
 */
import { DiceExhaustedError, ScriptedDice, SeededDice, type DiceSource } from '../rules/dice.ts';
import { checkCampaign, checkSideOrders, noOrders } from '../rules/strategic/check.ts';
import { finishCampaignTurn, resolveCampaignTurn } from '../rules/strategic/resolve.ts';
import type { Campaign, CampaignOrders, CampaignTurnResult, PendingCampaignTurn } from '../rules/strategic/types.ts';
import { sideView } from '../rules/strategic/views.ts';
import { EXIT, type Outcome } from './exit.ts';
import {
  battleToJson,
  fleetToJson,
  parseCampaignInput,
  systemToJson,
  toJsonError,
  viewToJson,
  type CampaignJsonError,
} from './campaign-json.ts';

const invalid = (errors: readonly CampaignJsonError[]): Outcome => ({ exitCode: EXIT.invalid, stdout: { errors } });

function parseText(text: string): { ok: true; value: unknown } | { ok: false; outcome: Outcome } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (e) {
    const reason = e instanceof SyntaxError ? e.message : 'unreadable input';
    return {
      ok: false,
      outcome: invalid([
        { code: 'MALFORMED_JSON', message: `the input is not valid JSON (${reason}); give one JSON campaign document` },
      ]),
    };
  }
}

function resultJson(r: CampaignTurnResult, diceState: string | undefined) {
  const c = r.campaign;
  return {
    pending: false,
    turn: c.turn,
    fleets: c.fleets.map(fleetToJson),
    destroyed: [...r.destroyed],
    systems: c.systems.map(systemToJson),
    store: { ...c.store },
    conceded: [...c.conceded],
    initiative: [...r.initiative],
    events: r.events,
    winner: r.winner,
    gameOver: r.gameOver,
    diceUsed: r.diceUsed,
    ...(diceState === undefined ? {} : { diceState }),
    views: Object.fromEntries(Object.entries(r.views).map(([side, v]) => [side, viewToJson(v)])),
    battles: [],
  };
}

function pendingJson(p: PendingCampaignTurn, diceState: string | undefined) {
  const c = p.campaign;
  return {
    pending: true,
    turn: c.turn,
    fleets: c.fleets.map(fleetToJson),
    destroyed: [],
    systems: c.systems.map(systemToJson),
    store: { ...c.store },
    conceded: [...c.conceded],
    initiative: [...p.initiative],
    events: p.events,
    winner: null,
    gameOver: false,
    diceUsed: p.diceUsed,
    ...(diceState === undefined ? {} : { diceState }),
    views: Object.fromEntries(c.sides.map((side) => [side, viewToJson(sideView(c, side, p.detected[side] ?? {}))])),
    battles: p.battles.map(battleToJson),
  };
}

/**
 * Resolves the campaign turn a document describes; with `battleResults`, finishes a turn stopped for tactical battles.
 */
export function adjudicateCampaign(text: string): Outcome {
  const json = parseText(text);
  if (!json.ok) return json.outcome;
  const input = parseCampaignInput(json.value);
  if (!input.ok) return invalid(input.errors);
  const { campaign, orders, orderErrors, dice, battleResults } = input.value;
  if (orderErrors.length > 0) return invalid(documentErrors(campaign, orders, orderErrors));
  if (!dice)
    return invalid([
      { code: 'NO_DICE', message: 'give "dice" (a list of rolls 1–6) or "seed" (a string) to roll with' },
    ]);
  const source: DiceSource = dice.kind === 'scripted' ? new ScriptedDice(dice.rolls) : SeededDice.fromSeed(dice.seed);
  const diceState = () => (source instanceof SeededDice ? source.save() : undefined);
  try {
    const result = resolveCampaignTurn(campaign, orders, source);
    if (!result.ok) return invalid(result.error.map(toJsonError));
    const r = result.value;
    if (!('pending' in r)) {
      if (battleResults !== null && battleResults.length > 0) {
        return invalid([
          {
            code: 'BATTLE_RESULT',
            message: 'this turn has no battles to be fought as tactical games: leave out "battleResults"',
          },
        ]);
      }
      return { exitCode: EXIT.resolved, stdout: resultJson(r, diceState()) };
    }
    if (battleResults === null) return { exitCode: EXIT.resolved, stdout: pendingJson(r, diceState()) };
    const finished = finishCampaignTurn(r, battleResults);
    if (!finished.ok) return invalid(finished.error.map(toJsonError));
    return { exitCode: EXIT.resolved, stdout: resultJson(finished.value, diceState()) };
  } catch (e) {
    if (e instanceof DiceExhaustedError)
      return { exitCode: EXIT.diceRanOut, stderr: `msc campaign resolve: ${e.message}; no result` };
    throw e;
  }
}

/** Only checks a campaign document: its state and every side's orders. */
export function checkCampaignDocument(text: string): Outcome {
  const json = parseText(text);
  if (!json.ok) return json.outcome;
  const input = parseCampaignInput(json.value);
  if (!input.ok) return invalid(input.errors);
  const { campaign, orders, orderErrors } = input.value;
  const errors = documentErrors(campaign, orders, orderErrors);
  if (errors.length > 0) return invalid(errors);
  return { exitCode: EXIT.resolved, stdout: { ok: true } };
}

/**
 * Every error of a document whose shape is right: the orders that could not be read, then the state's errors or,
 * when the state is sound, every side's orders' errors.
 */
function documentErrors(
  campaign: Campaign,
  orders: CampaignOrders,
  orderErrors: readonly CampaignJsonError[],
): CampaignJsonError[] {
  const stateErrors = checkCampaign(campaign);
  if (stateErrors.length > 0) return [...orderErrors, ...stateErrors.map(toJsonError)];
  return [
    ...orderErrors,
    ...Object.keys(orders)
      .filter((side) => !campaign.sides.includes(side))
      .map((side) => ({
        side,
        code: 'SIDE_UNKNOWN',
        message: `orders for "${side}", which is not a side: ${campaign.sides.join(' or ')}`,
      })),
    ...campaign.sides.flatMap((side) => checkSideOrders(campaign, side, orders[side] ?? noOrders()).map(toJsonError)),
  ];
}
