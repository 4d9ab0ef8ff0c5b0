/**
 * A stored campaign turn — the state the kind wrote, the orders it used and
 * the dice it rolled — resolves the same through `msc campaign resolve`
 * (src/adjudicator/campaign.ts, rules-strategic.md §11) as it did in the kind.
 */
import { describe, expect, it } from 'vitest';
import { adjudicateCampaign } from '../../../src/adjudicator/campaign.ts';
import { SeededDice, type DiceSource } from '../../../src/rules/dice.ts';
import type { Campaign, SideOrders } from '../../../src/rules/strategic/types.ts';
import { accepted, kind, linked, orderText, settings, started } from './support.ts';

/** A seeded source that remembers every die it gave. */
class Recorded implements DiceSource {
  readonly rolls: number[] = [];
  constructor(private readonly inner: DiceSource) {}
  get used(): number {
    return this.inner.used;
  }
  roll(): number {
    const r = this.inner.roll();
    this.rolls.push(r);
    return r;
  }
}

interface Printed {
  pending: boolean;
  turn: number;
  fleets: unknown;
  systems: unknown;
  store: unknown;
  events: unknown;
  winner: unknown;
  battles: { hex: string }[];
}

function replay(stored: unknown, ordersUsed: unknown, rolls: number[], battleResults?: unknown[]): Printed {
  const doc = { ...(stored as object), orders: ordersUsed, dice: rolls, ...(battleResults ? { battleResults } : {}) };
  const out = adjudicateCampaign(JSON.stringify(doc));
  expect(out.exitCode, JSON.stringify(out.stdout)).toBe(0);
  return out.stdout as Printed;
}

function play(s: unknown, seed: string, turns: number): { checked: number; battles: number } {
  let c: Campaign = started(s);
  const serial = { next: 10 };
  let checked = 0;
  let battles = 0;
  for (let t = 0; t < turns; t++) {
    const orders = new Map<string, SideOrders>();
    for (const side of c.sides)
      orders.set(side, accepted(orderText(c, side, 'c1', seed, serial), c, side, 'c1').orders);
    // What the service stores: the state document before the turn, read back as the turn resolves.
    const stored = JSON.parse(JSON.stringify(kind.writeState(c))) as unknown;
    const dice = new Recorded(SeededDice.fromSeed(`${seed}:${t}`));
    const r = kind.resolve({ state: kind.readState(stored), orders, missing: [], noOrders: 'standing', dice });
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    let out = r.value;
    const used = JSON.parse(JSON.stringify(out.ordersUsed)) as unknown;
    let printed = replay(stored, used, dice.rolls);
    if (out.pending) {
      battles += out.pending.battles.length;
      expect(printed.pending).toBe(true);
      expect(printed.battles.length).toBe(out.pending.battles.length);
      // Every ship survives and stays: the same results go to both.
      const outcomes = out.pending.battles.map((b) => {
        const setup = linked.setup(out.pending!.document, b.index);
        return linked.outcome(out.pending!.document, b.index, setup.defaultState);
      });
      const done = linked.finish(out.pending.document, outcomes);
      if (!done.ok) throw new Error(JSON.stringify(done.error));
      out = done.value;
      printed = replay(stored, used, dice.rolls, outcomes);
    }
    const after = kind.writeState(out.state) as { fleets: unknown; systems: unknown; store: unknown; turn: number };
    expect(printed.pending).toBe(false);
    expect(printed.turn).toBe(after.turn);
    expect(printed.fleets).toEqual(after.fleets);
    expect(printed.systems).toEqual(after.systems);
    expect(printed.store).toEqual(after.store);
    expect(printed.events).toEqual(JSON.parse(JSON.stringify(out.events)));
    expect(printed.winner).toBe(out.winner);
    checked++;
    c = out.state;
    if (out.gameOver) break;
  }
  return { checked, battles };
}

describe('a stored turn resolves the same through msc campaign resolve', () => {
  it('turn after turn of a campaign with strategic battles', () => {
    expect(play(settings(), 'adj', 25).checked).toBeGreaterThan(5);
  });

  it('and with tactical battles, finished with the same battle results', () => {
    const { checked, battles } = play(settings({ battles: 'tactical' }), 'adj-t', 25);
    expect(checked).toBeGreaterThan(5);
    expect(battles).toBeGreaterThan(0);
  });
});
