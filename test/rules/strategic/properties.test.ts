/**
 * Properties of the strategic rules that hold every turn, checked over whole
 * campaigns between random-but-legal players (rules-strategic.md §4–§9).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SeededDice } from '../../../src/rules/dice.ts';
import { checkCampaign } from '../../../src/rules/strategic/check.ts';
import { resolveCampaignTurn } from '../../../src/rules/strategic/resolve.ts';
import type {
  Campaign,
  CampaignEvent,
  CampaignTurnResult,
  SideOrders,
  StrategicShip,
} from '../../../src/rules/strategic/types.ts';
import { formatHex } from '../../../src/rules/hex.ts';
import { generateMap } from '../../../src/rules/strategic/map.ts';
import { campaign, fleet, LINE, SCOUT, ship } from './fixtures.ts';
import { randomOrders } from './play.ts';

/** A generated 20 × 14 map with ten systems, each side starting with three fleets at home. */
function start(seed: string): Campaign {
  const generated = generateMap({ width: 20, height: 14, systems: 10, seed, sides: ['blue', 'red'] });
  if (!generated.ok) throw new Error(JSON.stringify(generated.error));
  const { map, systems } = generated.value;
  const home = (side: string) => formatHex(systems.find((s) => s.home === side)!.hex);
  return campaign({
    map,
    systems,
    store: { blue: 40, red: 40 },
    fleets: [
      fleet({ id: 'B1', side: 'blue', hex: home('blue'), ships: [ship('b1'), ship('b2', SCOUT)] }),
      fleet({ id: 'B2', side: 'blue', hex: home('blue'), ships: [ship('b3', LINE)] }),
      fleet({ id: 'B3', side: 'blue', hex: home('blue'), ships: [ship('b4', SCOUT), ship('b5', SCOUT)] }),
      fleet({ id: 'R1', side: 'red', hex: home('red'), ships: [ship('r1'), ship('r2', SCOUT)] }),
      fleet({ id: 'R2', side: 'red', hex: home('red'), ships: [ship('r3', LINE)] }),
      fleet({ id: 'R3', side: 'red', hex: home('red'), ships: [ship('r4', SCOUT), ship('r5', SCOUT)] }),
    ],
  });
}

const shipsOf = (c: Campaign): StrategicShip[] => c.fleets.flatMap((f) => f.ships);
const of = <T extends CampaignEvent['type']>(events: readonly CampaignEvent[], type: T) =>
  events.filter((e): e is Extract<CampaignEvent, { type: T }> => e.type === type);

function resolveOnce(c: Campaign, orders: Record<string, SideOrders>, seed: string): CampaignTurnResult {
  const r = resolveCampaignTurn(c, orders, SeededDice.fromSeed(seed));
  if (!r.ok) throw new Error(`turn ${c.turn}: ${JSON.stringify(r.error)}`);
  if ('pending' in r.value) throw new Error('a strategic campaign never stops for battles');
  return r.value;
}

/** Every invariant of one turn, from the campaign before it to the result. */
function checkTurn(before: Campaign, r: CampaignTurnResult): void {
  const after = r.campaign;
  expect(checkCampaign(after)).toEqual([]);

  // BP are conserved: store + spent = start + produced.
  for (const side of before.sides) {
    const produced = of(r.events, 'production')
      .filter((e) => e.side === side)
      .reduce((t, e) => t + e.produced, 0);
    const spent = of(r.events, 'build')
      .filter((e) => e.side === side && !e.skipped)
      .reduce((t, e) => t + e.cost, 0);
    expect(after.store[side]! + spent).toBe(before.store[side]! + produced);
  }

  // Ships are never duplicated, and never lost outside a battle.
  const ids = shipsOf(after).map((s) => s.id);
  expect(new Set(ids).size).toBe(ids.length);
  const built = of(r.events, 'build')
    .filter((e) => !e.skipped)
    .map((e) => e.ship.id);
  const lost = of(r.events, 'lost').map((e) => e.ship);
  expect(new Set(lost).size).toBe(lost.length);
  expect(new Set(lost)).toEqual(new Set(r.destroyed));
  expect([...ids].sort()).toEqual(
    [...shipsOf(before).map((s) => s.id), ...built].filter((id) => !lost.includes(id)).sort(),
  );
  for (const e of of(r.events, 'lost')) expect(of(r.events, 'battle').some((b) => b.hex === e.hex)).toBe(true);

  // A fleet never moves beyond its reach: the slowest ship it moved with.
  const engines = new Map(
    [...shipsOf(before), ...of(r.events, 'build').map((e) => e.ship)].map((s) => [s.id, s.engine]),
  );
  for (const m of of(r.events, 'move')) {
    const movedWith = [
      ...(after.fleets.find((f) => f.id === m.fleet)?.ships.map((s) => s.id) ?? []),
      ...of(r.events, 'lost')
        .filter((e) => e.fleet === m.fleet)
        .map((e) => e.ship),
    ];
    expect(m.path.length).toBeLessThanOrEqual(Math.min(...movedWith.map((id) => engines.get(id)!)));
  }

  // The dice shown in events are exactly the dice used.
  const shown =
    of(r.events, 'initiative').reduce((t, e) => t + Object.values(e.rolls).flat().length, 0) +
    of(r.events, 'round').reduce(
      (t, e) => t + e.attackerDice.length + e.defenderSaves.length + e.defenderDice.length + e.attackerSaves.length,
      0,
    );
  expect(shown).toBe(r.diceUsed);

  // Each side's view never holds what §6 hides: enemy designs and ship ids, the enemy's store, undetected counts.
  for (const side of before.sides) {
    const view = r.views[side]!;
    const text = JSON.stringify(view);
    for (const s of after.fleets.filter((f) => f.side !== side).flatMap((f) => f.ships))
      expect(text).not.toContain(`"${s.id}"`);
    expect(view.store).toBe(after.store[side]);
    const fought = new Set(of(r.events, 'battle').flatMap((b) => b.fleets));
    for (const e of view.enemyFleets) {
      if (e.ships !== null) expect(view.detected[e.id] !== undefined || fought.has(e.id)).toBe(true);
    }
    expect(view.fleets.every((f) => f.side === side)).toBe(true);
  }
}

function play(seed: string, turns: number): { results: CampaignTurnResult[]; last: Campaign } {
  let c = start(seed);
  const serial = { next: 100 };
  const results: CampaignTurnResult[] = [];
  for (let t = 0; t < turns; t++) {
    const orders = Object.fromEntries(c.sides.map((side) => [side, randomOrders(c, side, seed, serial)]));
    const r = resolveOnce(c, orders, `${seed}:${c.turn}`);
    checkTurn(c, r);
    // "the same seed gives the same result"
    expect(resolveOnce(c, orders, `${seed}:${c.turn}`)).toEqual(r);
    results.push(r);
    c = r.campaign;
    if (r.gameOver) break;
  }
  return { results, last: c };
}

describe('whole campaigns between random-but-legal players', () => {
  it('a 60-turn campaign ends or stays consistent: every invariant holds every turn', () => {
    const { results } = play('sixty', 60);
    expect(results.length).toBeGreaterThan(0);
    // The players do fight: the invariants are exercised with battles in them.
    expect(results.some((r) => r.events.some((e) => e.type === 'battle'))).toBe(true);
    const count = (type: string) => results.reduce((t, r) => t + r.events.filter((e) => e.type === type).length, 0);
    for (const type of ['move', 'build', 'transfer', 'round', 'lost', 'capture'])
      expect(count(type)).toBeGreaterThan(0);
  });

  it('invariants hold over many short campaigns (fast-check seeds)', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 8 }), (seed) => {
        play(seed, 12);
      }),
      { numRuns: 25 },
    );
  });
});
