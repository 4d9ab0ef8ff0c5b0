/** A scripted random-but-legal player of the Simple Combat Game, and the invariants a resolved turn must keep. */
import type { SeededDice } from '../../../src/rules/dice.ts';
import { hexKey, isOpen, terrainOf } from '../../../src/rules/scg/board.ts';
import { unitTypeOf } from '../../../src/rules/scg/forces.ts';
import { scores } from '../../../src/rules/scg/resolve.ts';
import { distance, neighbour } from '../../../src/rules/hex.ts';
import { DIRECTIONS, type Direction } from '../../../src/rules/types.ts';
import type {
  FireEntry,
  MoveEntry,
  ScgSideOrders,
  ScgState,
  ScgTurnResult,
  ScgUnit,
} from '../../../src/rules/scg/types.ts';

const pick = <T>(rng: SeededDice, list: readonly T[]): T => list[rng.below(list.length)]!;

function shuffle<T>(rng: SeededDice, list: readonly T[]): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.below(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Legal orders for a side: every kind of movement order and fire line, chosen at random. */
export function randomOrders(state: ScgState, side: string, rng: SeededDice): ScgSideOrders {
  const terrain = terrainOf(state.map);
  const own = state.units.filter((u) => u.side === side && u.status === 'active');
  const enemies = state.units.filter((u) => u.side !== side && u.status === 'active');
  const open: ScgUnit['hex'][] = [];
  for (let c = 1; c <= state.map.width; c++)
    for (let r = 1; r <= state.map.height; r++) if (isOpen(terrain, { col: c, row: r })) open.push({ col: c, row: r });
  const move: MoveEntry[] = [];
  for (const u of shuffle(rng, own)) {
    if (rng.below(5) === 0) continue; // no order: holds, after the others
    const ma = unitTypeOf(state.unitTypes, u.type)!.ma;
    const halt = rng.below(3) === 0 ? { halt: 1 + rng.below(6) } : {};
    const kind = rng.below(4);
    if (kind === 0) move.push({ unit: u.id, order: { kind: 'hold' } });
    else if (kind === 1) {
      const path: Direction[] = [];
      let at = u.hex;
      for (let i = 0; i < ma && rng.below(4) !== 0; i++) {
        const d = pick(rng, DIRECTIONS);
        const next = neighbour(at, d);
        if (!isOpen(terrain, next)) break;
        path.push(d);
        at = next;
      }
      if (path.length === 0) move.push({ unit: u.id, order: { kind: 'hold' } });
      else move.push({ unit: u.id, order: { kind: 'path', path, ...halt } });
    } else if (kind === 2) move.push({ unit: u.id, order: { kind: 'to', hex: pick(rng, open), ...halt } });
    else {
      const target = rng.below(2) === 0 ? 'nearest' : pick(rng, enemies).id;
      move.push({ unit: u.id, order: { kind: 'toward', target, within: 1 + rng.below(4), ...halt } });
    }
  }
  const fire: FireEntry[] = [];
  for (const u of shuffle(rng, own)) {
    if (rng.below(3) === 0) continue;
    const targets = () =>
      shuffle(rng, enemies)
        .slice(0, rng.below(3))
        .map((e) => e.id);
    const mounts = unitTypeOf(state.unitTypes, u.type)!.weapons.filter(() => rng.below(3) === 0);
    fire.push({
      unit: u.id,
      targets: targets(),
      hold: rng.below(4) === 0,
      weapons: mounts.map((m) => ({ mount: m.mount, targets: targets(), hold: rng.below(3) === 0 })),
    });
  }
  return { move, fire };
}

/** A plain check: vitest's expect costs too much for the hundreds of thousands of checks of 200 games. */
function assert(ok: boolean, what: string): void {
  if (!ok) throw new Error(`invariant broken: ${what}`);
}

/** What every resolved turn must keep (rules-scg.md §8, §9, §13, §18.3, §19). */
export function checkTurn(before: ScgState, r: ScgTurnResult): void {
  const after = r.state.units;
  const terrain = terrainOf(before.map);
  const held = new Set<number>();
  after.forEach((u, i) => {
    const was = before.units[i]!;
    assert(u.id === was.id, 'unit order kept');
    assert(u.damage >= was.damage, `${u.id}: damage only grows`);
    if (was.status === 'destroyed')
      assert(JSON.stringify(u) === JSON.stringify(was), `${u.id}: a destroyed unit never acts again`);
    if (u.status === 'active') {
      assert(isOpen(terrain, u.hex), `${u.id} stands on an open hex of the map`);
      assert(!held.has(hexKey(u.hex)), `${u.id}: one unit per hex`);
      held.add(hexKey(u.hex));
      assert(u.damage < unitTypeOf(before.unitTypes, u.type)!.dc, `${u.id}: in play below its DC`);
    } else
      assert(
        u.damage >= unitTypeOf(before.unitTypes, u.type)!.dc || was.status === 'destroyed',
        `${u.id}: destroyed by damage`,
      );
  });
  const destroyed = new Set(before.units.filter((u) => u.status === 'destroyed').map((u) => u.id));
  let dice = 0;
  const moved = new Set<string>();
  for (const e of r.events) {
    if (e.type === 'initiative') dice += e.rolls[before.sides[0]]!.length + e.rolls[before.sides[1]]!.length;
    if (e.type === 'shot' || e.type === 'damage') dice += 1;
    if (e.type === 'move' || e.type === 'activation' || e.type === 'shot' || e.type === 'damage')
      assert(!destroyed.has(e.unit), `${e.unit}: a destroyed unit never acts again`);
    if (e.type === 'destroyed') destroyed.add(e.unit);
    if (e.type === 'move') {
      const u = before.units.find((x) => x.id === e.unit)!;
      const ma = unitTypeOf(before.unitTypes, u.type)!.ma;
      assert(e.hexes <= ma, `${e.unit}: never beyond its MA`);
      assert(e.path.length === e.hexes, `${e.unit}: hexes counts the path`);
      let at = e.from;
      for (const step of e.path) {
        const a = { col: Number(at.slice(0, 2)), row: Number(at.slice(2)) };
        const b = { col: Number(step.slice(0, 2)), row: Number(step.slice(2)) };
        assert(distance(a, b) === 1, `${e.unit}: one hex a step`);
        assert(isOpen(terrain, b), `${e.unit}: enters open hexes only`);
        at = step;
      }
      assert(!moved.has(e.unit), `${e.unit}: activated once`);
      moved.add(e.unit);
    }
  }
  assert(dice === r.diceUsed, 'dice in events equal diceUsed');
  if (r.initiative.length > 0)
    assert(
      moved.size === before.units.filter((u) => u.status === 'active').length,
      'every unit in play at the start has one move event',
    );
  assert(JSON.stringify(r.scores) === JSON.stringify(scores(before, after)), 'scores by §13 rule 4');
  if (r.gameOver) assert(r.events.at(-1)?.type === 'game-over', 'a game-over event ends a finished game');
}

/** No unit passes through another: each hex entered was free when it was entered. */
export function checkNoPassingThrough(before: ScgState, r: ScgTurnResult): void {
  const where = new Map(
    before.units
      .filter((u) => u.status === 'active')
      .map((u) => [u.id, `${String(u.hex.col).padStart(2, '0')}${String(u.hex.row).padStart(2, '0')}`]),
  );
  for (const e of r.events) {
    if (e.type !== 'move') continue;
    for (const step of e.path) {
      for (const [id, hex] of where) if (id !== e.unit) assert(hex !== step, `${e.unit} enters ${step}, held by ${id}`);
    }
    where.set(e.unit, e.to);
  }
}
