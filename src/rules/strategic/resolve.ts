/**
 * One campaign turn (rules-strategic.md §3): production and builds, the
 * initiative roll, each side's movement, sensors, combat hex by hex, captures
 * and the victory check — one pure function of the campaign, both sides'
 * orders and the dice, returning the new campaign, every event and die, and
 * each side's view. With `battles: "tactical"` it stops after sensors and
 * returns the battles to fight; `finishCampaignTurn` completes the turn from
 * their outcomes (§8).
 */
import type { DiceSource } from '../dice.ts';
import { formatHex, sameHex } from '../hex.ts';
import { rollInitiative } from '../initiative.ts';
import { err, ok, type Result } from '../result.ts';
import { settleSystems } from './captures.ts';
import { checkCampaign, checkSideOrders, noOrders, type CheckOptions } from './check.ts';
import { battleOf, fightBattle, findBattles, removeShip, retreat, type Battle, type BattleContext } from './combat.ts';
import { moveSide } from './movement.ts';
import { build, produce } from './production.ts';
import { sense } from './sensors.ts';
import type {
  BattleOutcome,
  Campaign,
  CampaignEvent,
  CampaignOrders,
  CampaignRuleError,
  CampaignTurnResult,
  PendingCampaignTurn,
  ShipRef,
  SideOrders,
  SideView,
} from './types.ts';
import { checkVictory } from './victory.ts';
import { sideView } from './views.ts';
import { sameId, World, type WorkFleet } from './world.ts';

type Intel = Record<string, Record<string, number>>;

/** Every problem that stops a turn from being resolved: the state and each side's orders. */
function checkTurn(campaign: Campaign, orders: CampaignOrders, options: CheckOptions): CampaignRuleError[] {
  const errors = checkCampaign(campaign);
  if (errors.length > 0) return errors;
  if (campaign.conceded.length > 0) {
    return [{ code: 'CAMPAIGN_OVER', message: `the campaign is over: ${campaign.conceded.join(' and ')} conceded` }];
  }
  for (const side of Object.keys(orders)) {
    if (!campaign.sides.includes(side)) {
      errors.push({
        code: 'SIDE_UNKNOWN',
        message: `orders for "${side}", which is not a side: ${campaign.sides.join(' or ')}`,
      });
    }
  }
  // Ids belong to a side (§1): one side's orders never collide with the other's pieces or new ids.
  for (const side of campaign.sides)
    errors.push(...checkSideOrders(campaign, side, orders[side] ?? noOrders(), options));
  return errors;
}

/** Resolves one campaign turn, or stops it for tactical battles; invalid state or orders resolve nothing. */
export function resolveCampaignTurn(
  campaign: Campaign,
  orders: CampaignOrders,
  dice: DiceSource,
  options: CheckOptions = {},
): Result<CampaignTurnResult | PendingCampaignTurn, CampaignRuleError[]> {
  const errors = checkTurn(campaign, orders, options);
  if (errors.length > 0) return err(errors);
  const ordersOf = (side: string): SideOrders => orders[side] ?? noOrders();
  const diceBefore = dice.used;
  const events: CampaignEvent[] = [];

  const conceding = campaign.sides.filter((s) => ordersOf(s).concede);
  if (conceding.length > 0) return ok(concede(campaign, conceding));

  const world = new World(campaign);
  const store: Record<string, number> = { ...campaign.store };
  produce(world, store, events);
  for (const side of campaign.sides) build(world, side, ordersOf(side), store, events);

  const initiative = rollInitiative(campaign.sides, dice)!;
  events.push(initiative);
  const moved = new Set<WorkFleet>();
  for (const side of initiative.order) {
    for (const f of moveSide(world, side, ordersOf(side), events)) moved.add(f);
  }
  const detected = sense(world, events);
  const battles = findBattles(world, initiative.order, moved);
  const now: Campaign = { ...campaign, store, fleets: world.frozenFleets() };

  if (campaign.options.battles === 'tactical' && battles.length > 0) {
    for (const b of battles) {
      events.push({
        type: 'battle',
        hex: formatHex(b.hex),
        attacker: b.attacker,
        defender: b.defender,
        fleets: b.fleets,
      });
    }
    return ok({
      pending: true,
      battles: battles.map(({ hex, attacker, defender, fleets }) => ({ hex, attacker, defender, fleets })),
      campaign: now,
      events,
      initiative: initiative.order,
      diceUsed: dice.used - diceBefore,
      detected,
    });
  }

  const ctx: BattleContext = { world, dice, events, retreated: new Set(), destroyed: [] };
  const fought = emptyIntel(campaign);
  for (const battle of battles) {
    fightBattle(ctx, battle);
    learnFromBattle(battle, fought);
  }
  return ok(
    endTurn(
      { ...now, fleets: world.frozenFleets() },
      events,
      initiative.order,
      ctx.destroyed,
      dice.used - diceBefore,
      detected,
      fought,
    ),
  );
}

/** Completes a turn stopped for tactical battles (§8) from each battle's outcome. */
export function finishCampaignTurn(
  pending: PendingCampaignTurn,
  outcomes: readonly BattleOutcome[],
): Result<CampaignTurnResult, CampaignRuleError[]> {
  const world = new World(pending.campaign);
  // Nothing has moved since the battles were found: each one's fleets are every fleet in its hex.
  const battles = pending.battles.map((b) => battleOf(world, b));
  const read = readOutcomes(battles, outcomes);
  if (!read.ok) return read;
  const events = [...pending.events];
  const ctx: BattleContext = {
    world,
    dice: {
      roll: () => {
        throw new Error('finishing a turn rolls no dice');
      },
      used: 0,
    },
    events,
    retreated: new Set(),
    destroyed: [],
  };
  const fought = emptyIntel(pending.campaign);
  for (const battle of battles) {
    const outcome = read.value.find((o) => sameHex(o.hex, battle.hex))!;
    const fleets = battle.participants;
    const named = (list: readonly ShipRef[], f: WorkFleet, id: string) =>
      list.some((r) => r.side === f.side && sameId(r.ship, id));
    // Ships destroyed in the tactical battle are lost to the campaign.
    for (const f of fleets) {
      for (const s of f.ships.filter((x) => named(outcome.destroyed, f, x.id))) removeShip(ctx, f, s.id, battle.hex);
    }
    world.dropEmpty();
    // A fleet whose every surviving ship disengaged retreats one hex toward home; one with a ship still in play stays.
    for (const f of fleets) {
      if (f.ships.length > 0 && f.ships.every((s) => named(outcome.disengaged, f, s.id))) retreat(ctx, f);
    }
    events.push({ type: 'battle-end', hex: formatHex(battle.hex), rounds: 0, reason: 'tactical' });
    learnFromBattle(battle, fought);
  }
  const campaign: Campaign = { ...pending.campaign, fleets: world.frozenFleets() };
  return ok(endTurn(campaign, events, pending.initiative, ctx.destroyed, pending.diceUsed, pending.detected, fought));
}

interface ReadOutcome {
  readonly hex: BattleOutcome['hex'];
  readonly destroyed: readonly ShipRef[];
  readonly disengaged: readonly ShipRef[];
}

/** Every battle's outcome with each ship named by side and id, or every problem with them. */
function readOutcomes(
  battles: readonly Battle[],
  outcomes: readonly BattleOutcome[],
): Result<ReadOutcome[], CampaignRuleError[]> {
  const errors: CampaignRuleError[] = [];
  const bad = (message: string): void => {
    errors.push({ code: 'BATTLE_RESULT', message });
  };
  for (const o of outcomes) {
    if (!battles.some((b) => sameHex(b.hex, o.hex))) bad(`there is no battle at ${formatHex(o.hex)} this turn`);
  }
  const read: ReadOutcome[] = [];
  for (const b of battles) {
    const name = formatHex(b.hex);
    const found = outcomes.filter((o) => sameHex(o.hex, b.hex));
    if (found.length !== 1) {
      bad(`the battle at ${name} needs exactly one result, not ${found.length}`);
      continue;
    }
    const key = (r: ShipRef) => JSON.stringify([r.side, r.ship.toUpperCase()]);
    const ships = b.participants.flatMap((f) => f.ships.map((s) => ({ side: f.side, ship: s.id })));
    const seen = new Set<string>();
    const refs = (list: readonly (ShipRef | string)[]): ShipRef[] =>
      list.flatMap((given) => {
        const matches =
          typeof given === 'string'
            ? ships.filter((s) => sameId(s.ship, given))
            : ships.filter((s) => s.side === given.side && sameId(s.ship, given.ship));
        const what = typeof given === 'string' ? `ship ${given}` : `${given.side}'s ship ${given.ship}`;
        if (matches.length === 0) bad(`${what} did not fight at ${name}`);
        else if (matches.length > 1) bad(`both sides have a ${what} at ${name}: name it with its side`);
        else if (seen.has(key(matches[0]!))) bad(`${what} is named twice in the result of the battle at ${name}`);
        else {
          seen.add(key(matches[0]!));
          return [matches[0]!];
        }
        return [];
      });
    read.push({ hex: b.hex, destroyed: refs(found[0]!.destroyed), disengaged: refs(found[0]!.disengaged) });
  }
  return errors.length > 0 ? err(errors) : ok(read);
}

function emptyIntel(campaign: Campaign): Intel {
  return Object.fromEntries(campaign.sides.map((s) => [s, {}]));
}

/** After a battle each side knows the count of every enemy fleet it fought (§6). */
function learnFromBattle(battle: Battle, fought: Intel): void {
  for (const f of battle.participants) {
    if (f.ships.length === 0) continue;
    const other = battle.attacker === f.side ? battle.defender : battle.attacker;
    fought[other]![f.id] = f.ships.length;
  }
}

/** Captures, the victory check and each side's view: the end of every turn. */
function endTurn(
  campaign: Campaign,
  events: CampaignEvent[],
  initiative: readonly string[],
  destroyed: readonly string[],
  diceUsed: number,
  detected: Readonly<Intel>,
  fought: Readonly<Intel>,
): CampaignTurnResult {
  const world = new World(campaign);
  const systems = settleSystems(world, events);
  const outcome = checkVictory(campaign, campaign.fleets, systems);
  if (outcome) events.push({ type: 'game-over', winner: outcome.winner, reason: outcome.reason });
  const next: Campaign = { ...campaign, systems, turn: campaign.turn + 1 };
  return {
    campaign: next,
    events,
    destroyed,
    initiative,
    winner: outcome?.winner ?? null,
    gameOver: outcome !== null,
    diceUsed,
    views: views(next, detected, fought),
  };
}

function views(campaign: Campaign, detected: Readonly<Intel>, fought: Readonly<Intel>): Record<string, SideView> {
  return Object.fromEntries(campaign.sides.map((s) => [s, sideView(campaign, s, detected[s] ?? {}, fought[s] ?? {})]));
}

/** A side concedes (§9): the turn is not played; the other side wins, or it is a draw if both concede. */
function concede(campaign: Campaign, conceding: readonly string[]): CampaignTurnResult {
  const events: CampaignEvent[] = conceding.map((side) => ({ type: 'conceded', side }));
  const winner = conceding.length === 2 ? 'draw' : campaign.sides.find((s) => !conceding.includes(s))!;
  events.push({ type: 'game-over', winner, reason: 'conceded' });
  const next: Campaign = { ...campaign, conceded: [...conceding] };
  return {
    campaign: next,
    events,
    destroyed: [],
    initiative: [],
    winner,
    gameOver: true,
    diceUsed: 0,
    views: views(next, emptyIntel(campaign), emptyIntel(campaign)),
  };
}
