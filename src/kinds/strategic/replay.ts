/**
 * Replaying an archived campaign turn (`msc verify`, docs/archive.md): the
 * campaign before it, with the orders it recorded for each side (those the
 * turn could apply: an order dropped when it resolved is in its events as
 * `skipped`, and only there), resolved with the dice where the record says
 * they stood; a turn that stopped for battles fought as linked games is
 * finished from their outcomes.
 */
import { z } from 'zod';
import { campaignJsonSchema } from '../../adjudicator/campaign-json.ts';
import type { DiceSource } from '../../rules/dice.ts';
import { err, ok, type Result } from '../../rules/result.ts';
import type { Campaign, SideOrders } from '../../rules/strategic/types.ts';
import type { ArchiveReplay, RecordedTurn, ReplayedTurn, ReplayProblem, ResolveOutput } from '../kind.ts';
import { readPosition } from '../tactical/index.ts';
import { battleSetup, finishBattles } from './battles.ts';
import { readCampaign, readSideOrders, writeCampaign } from './docs.ts';
import { resolveStrategic } from './turn.ts';

/** A stored campaign state: the adjudicator's campaign document without orders, dice or battle results. */
const stateSchema = campaignJsonSchema.omit({ orders: true, dice: true, seed: true, battleResults: true });

/** A campaign turn's `ordersUsed`: each side's orders block, by side. */
const ordersSchema = z.record(z.string(), z.record(z.string(), z.unknown()));

const problem = (what: string, expected: unknown, found: unknown): Result<never, ReplayProblem> =>
  err({ what, expected, found });

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value)) as unknown;
const isSkipped = (e: unknown) => (e as { type?: unknown } | null)?.type === 'skipped';
const leadingSkipped = (events: readonly unknown[]) => {
  const n = events.findIndex((e) => !isSkipped(e));
  return n === -1 ? events.length : n;
};

/**
 * The events the record must hold: the replay's, after the orders the turn dropped when it resolved (`skipped`, ahead
 * of the rules' own events). The recorded orders are those the turn could apply, so a replay drops none: those
 * events come from the record.
 */
function withDropped(recorded: readonly unknown[], replayed: readonly unknown[]): unknown[] {
  const dropped = Math.max(0, leadingSkipped(recorded) - leadingSkipped(replayed));
  return [...recorded.slice(0, dropped), ...replayed];
}

function finished(t: RecordedTurn, out: ResolveOutput<Campaign>): ReplayedTurn {
  return {
    events: withDropped(t.events, asJson(out.events) as unknown[]),
    stateAfter: out.pending ? null : asJson(writeCampaign(out.state)),
    ordersUsed: asJson(out.ordersUsed),
    over: out.gameOver ? { winner: out.winner ?? 'draw', reason: out.reason } : null,
    ...(out.pending ? { pending: out.pending } : {}),
  };
}

function replayTurn(t: RecordedTurn, dice: DiceSource): Result<ReplayedTurn, ReplayProblem> {
  let campaign: Campaign;
  try {
    campaign = readCampaign(t.stateBefore);
  } catch (error) {
    return problem(`stateBefore: not a valid campaign: ${messageOf(error)}`, 'a valid campaign', t.stateBefore);
  }
  const orders = new Map<string, SideOrders>();
  for (const [side, o] of Object.entries((t.ordersUsed ?? {}) as Record<string, unknown>)) {
    if (!campaign.sides.includes(side)) return problem(`ordersUsed.${side}: no such side`, campaign.sides, side);
    try {
      orders.set(side, readSideOrders(o));
    } catch (error) {
      return problem(`ordersUsed.${side}: ${messageOf(error)}`, 'a side’s orders', o);
    }
  }
  let result: ReturnType<typeof resolveStrategic>;
  try {
    result = resolveStrategic({ state: campaign, orders, missing: [], noOrders: 'standing', dice });
  } catch (error) {
    return problem(`the turn cannot be replayed: ${messageOf(error)}`, 'a turn the rules resolve', t.ordersUsed);
  }
  if (!result.ok)
    return problem(
      `the turn cannot be replayed: ${result.error.map((e) => e.message).join('; ')}`,
      'a turn the rules resolve',
      t.ordersUsed,
    );
  if (result.value.dropped.length > 0)
    return problem(
      `ordersUsed: not legal in stateBefore: ${result.value.dropped.map((e) => e.message).join('; ')}`,
      'orders the turn could apply',
      t.ordersUsed,
    );
  return ok(finished(t, result.value));
}

function finishTurn(t: RecordedTurn, pending: unknown, outcomes: readonly unknown[]) {
  let out: ReturnType<typeof finishBattles>;
  try {
    out = finishBattles(pending, outcomes);
  } catch (error) {
    return problem(`the turn cannot be finished from its battles: ${messageOf(error)}`, 'battle outcomes', outcomes);
  }
  if (!out.ok)
    return problem(
      `the turn cannot be finished from its battles: ${out.error.map((e) => e.message).join('; ')}`,
      'battle outcomes',
      outcomes,
    );
  return ok(finished(t, out.value));
}

/**
 * A battle's linked game started with what the turn gave it (§8): the battle map, each side's ships of the battle's
 * fleets with their designs, every ship in its side's deployment zone.
 */
function checkBattleStart(pending: unknown, index: number, startState: unknown): ReplayProblem | null {
  let setup: ReturnType<typeof battleSetup>;
  let position: ReturnType<typeof readPosition>;
  try {
    setup = battleSetup(pending, index);
    position = readPosition(startState);
  } catch (error) {
    return { what: `the battle's start cannot be read: ${messageOf(error)}`, expected: 'a battle', found: startState };
  }
  const byId = <T extends { id: string }>(list: T[]) => list.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const design = (d: { engine: number; shields: number; toHit: number; weapons: readonly string[] }) => ({
    engine: d.engine,
    shields: d.shields,
    toHit: d.toHit,
    weapons: [...d.weapons],
  });
  const given = byId(
    Object.entries(setup.ships).flatMap(([side, ships]) =>
      ships.map((s) => ({ id: s.id, side, design: design(s.design) })),
    ),
  );
  const found = byId(position.ships.map((s) => ({ id: s.id, side: s.side, design: design(s.design) })));
  if (JSON.stringify(found) !== JSON.stringify(given))
    return { what: 'initialPosition.ships: not the ships the turn gave the battle', expected: given, found };
  if (position.map.width !== setup.map.width || position.map.height !== setup.map.height)
    return { what: 'initialPosition.map: not the battle map', expected: setup.map, found: position.map };
  for (const s of position.ships) {
    const zone = setup.zones[s.side];
    const { col, row } = s.hex;
    if (zone && (col < zone.fromCol || col > zone.toCol || row < zone.fromRow || row > zone.toRow))
      return {
        what: `initialPosition.ships[${s.id}].hex: outside its side's deployment zone`,
        expected: zone,
        found: s.hex,
      };
  }
  return null;
}

function describeEvent(e: unknown): string {
  const x = (e ?? {}) as Record<string, unknown>;
  const where = typeof x.hex === 'string' ? ` at ${x.hex}` : '';
  const who = typeof x.fleet === 'string' ? ` ${x.fleet}` : typeof x.side === 'string' ? ` ${x.side}` : '';
  return `${String(x.type)}${who}${where}`;
}

export const strategicReplay: ArchiveReplay = {
  stateSchema,
  ordersSchema,
  replayTurn,
  finishTurn,
  checkBattleStart,
  describeEvent,
};
