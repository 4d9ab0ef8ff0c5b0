/**
 * Issue 22: "two scripted random-but-legal players fight 100 battles of 1000 points to their end with invariants
 * checked every turn". Each battle is the 1000-point battle of test/support/mini-battle.ts with its mix of units
 * turned, played with its own dice; each player gives every unit a random entry — none (the standing order), a path
 * of one to four steps (too long for some elements: refused), or a step toward the enemy with a target list — and
 * keeps only what the rules accept (§18: an entry the check refuses is dropped, as a player would fix it after the
 * answer). Checked after every turn:
 *
 * - the turn resolves (the rules never refuse a checked order set), and its number goes on by one;
 * - no element moves more hexes than Movement ÷ 5 (§8.1: "movement points = 2 × (Movement ÷ 5). A step costs 2
 *   points, or 1 along a road" — and this ground has no road), and every element in play stands on the map;
 * - an element destroyed in an earlier turn never moves, attacks or is placed again (§10.7);
 * - victory points only grow (§20.1);
 * - the same position, orders and dice give the same turn (a replay of one turn of every battle);
 * - and every battle ends by its turn limit (§20.4).
 */
import { describe, expect, it } from 'vitest';
import { SeededDice } from '../../../src/rules/dice.ts';
import { DIRECTIONS } from '../../../src/rules/types.ts';
import type { OrderEntryInput } from '../../../src/rules/mini-combat/check.ts';
import { resolveMiniTurn, type MiniTurn } from '../../../src/rules/mini-combat/turn.ts';
import type { MiniPosition } from '../../../src/rules/mini-combat/types.ts';
import { inPlay, scores } from '../../../src/rules/mini-combat/victory.ts';
import { largeBattle } from '../../support/mini-battle.ts';

/** A small seeded generator (mulberry32), so that each battle's players choose the same way every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One side's random entries: a unit still in play gets nothing, a path, or a step forward with targets. */
function randomEntries(p: MiniPosition, side: string, rnd: () => number): OrderEntryInput[] {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  const forward = side === p.sides[0] ? 'S' : 'N';
  const enemies = p.units.filter((u) => u.side !== side && u.elements.some(inPlay)).map((u) => u.id);
  const entries: OrderEntryInput[] = [];
  for (const unit of p.units.filter((u) => u.side === side && u.elements.some(inPlay))) {
    const roll = rnd();
    if (roll < 0.25) continue;
    if (roll < 0.65) {
      const steps = Array.from({ length: 1 + Math.floor(rnd() * 4) }, () => pick(DIRECTIONS));
      entries.push({ unit: unit.id, move: steps });
    } else entries.push({ unit: unit.id, move: forward, ...(enemies.length ? { fire: [pick(enemies)] } : {}) });
  }
  return entries;
}

/** The turn with every entry the rules refuse dropped, as a player would after the answer listing them. */
function playLegal(p: MiniPosition, orders: Record<string, OrderEntryInput[]>, seed: string): MiniTurn {
  let current = orders;
  for (let attempt = 0; attempt < 5; attempt++) {
    const r = resolveMiniTurn(p, current, SeededDice.fromSeed(seed));
    if (r.ok) return r.value;
    const refused = new Set(r.error.map((e) => e.unit).filter((u): u is string => u !== undefined));
    // A problem naming no unit: the whole side plays its standing orders.
    const sides = new Set(r.error.filter((e) => e.unit === undefined).map((e) => e.side));
    current = Object.fromEntries(
      Object.entries(current).map(([side, list]) => [
        side,
        sides.has(side) ? [] : list.filter((o) => !refused.has(o.unit)),
      ]),
    );
  }
  throw new Error(`turn ${p.turn} of ${seed}: orders still refused after dropping the refused entries`);
}

const BATTLES = 100;

describe('100 battles of 1000 points between two random-but-legal players', () => {
  it('each ends by its turn limit, with every invariant held after every turn', () => {
    const reasons = new Map<string, number>();
    let turns = 0;
    for (let battle = 0; battle < BATTLES; battle++) {
      const rnd = random(battle + 1);
      let p = largeBattle(battle);
      const limit = p.turnLimit!;
      const destroyed = new Set<string>();
      let before = scores(p);
      let over = null;
      for (let t = 1; t <= limit + 1 && over === null; t++) {
        const orders = Object.fromEntries(p.sides.map((s) => [s, randomEntries(p, s, rnd)]));
        const seed = `battle-${battle}-turn-${t}`;
        const turn = playLegal(p, orders, seed);
        const at = `battle ${battle}, turn ${p.turn}`;
        turns += 1;

        if (t === 1) {
          // The same position, orders and dice give the same turn.
          expect(resolveMiniTurn(p, orders, SeededDice.fromSeed(seed)), at).toEqual(
            resolveMiniTurn(p, orders, SeededDice.fromSeed(seed)),
          );
        }
        const designs = new Map(p.units.flatMap((u) => u.elements.map((e) => [e.id, e] as const)));
        for (const event of turn.events) {
          const e = event as { type: string; element?: string; attacker?: string; path?: readonly string[] };
          const actor = e.type === 'attack' ? e.attacker : e.type === 'move' || e.type === 'place' ? e.element : null;
          if (actor) expect(destroyed.has(actor), `${at}: destroyed ${actor} acted (${e.type})`).toBe(false);
          if (e.type === 'move' && e.element && e.path)
            expect(e.path.length, `${at}: ${e.element} moved ${e.path.length} hexes`).toBeLessThanOrEqual(
              designs.get(e.element)!.move / 5,
            );
        }
        const next = turn.position;
        if (turn.over === null) expect(next.turn, at).toBe(p.turn + 1);
        for (const u of next.units)
          for (const e of u.elements) {
            if (e.status === 'destroyed') destroyed.add(e.id);
            if (inPlay(e) && e.hex) {
              expect(e.hex.col, `${at}: ${e.id}`).toBeGreaterThanOrEqual(1);
              expect(e.hex.row, `${at}: ${e.id}`).toBeGreaterThanOrEqual(1);
              expect(e.hex.col, `${at}: ${e.id}`).toBeLessThanOrEqual(next.map.width);
              expect(e.hex.row, `${at}: ${e.id}`).toBeLessThanOrEqual(next.map.height);
            }
          }
        const after = scores(next);
        for (const side of p.sides)
          expect(after[side]!, `${at}: ${side}'s points`).toBeGreaterThanOrEqual(before[side]!);
        before = after;
        over = turn.over;
        p = next;
      }
      if (over === null) throw new Error(`battle ${battle} did not end by its turn limit, ${limit}`);
      reasons.set(over.reason, (reasons.get(over.reason) ?? 0) + 1);
    }
    console.log(`${BATTLES} battles, ${turns} turns; how they ended: ${JSON.stringify(Object.fromEntries(reasons))}`);
    expect([...reasons.values()].reduce((a, b) => a + b, 0)).toBe(BATTLES);
  }, 600_000);
});
