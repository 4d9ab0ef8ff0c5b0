/**
 * Setting up a battle (rules-mini-combat.md §21): deployment zones, placing a
 * side's units, objectives, and the elements a setup makes. The orders
 * language reads a setup's lines (src/orders/mini-combat); what makes a
 * setup legal is decided here, so any channel (mail, web, a scenario file)
 * gets the same answers.
 */
import { formatHex, neighbour, onMap } from '../hex.ts';
import { DIRECTIONS, type Direction, type Hex } from '../types.ts';
import { has, placementCode, unitCombinationProblems } from './capabilities.ts';
import { elementCost } from './cost.ts';
import { hexDistance } from './geometry.ts';
import { mayEndIn, terrainAt } from './terrain.ts';
import type { Element, ElementDesign, MiniPosition, MiniRuleError, Unit } from './types.ts';

/** The most elements a unit has (§21). */
export const MAX_UNIT_SIZE = 26;

/** Objectives of a defensive battle: how many, and how far apart (30 cm, §21). */
export const OBJECTIVE_COUNT = 8;
export const OBJECTIVE_SPACING = 6;

/** A unit as a setup gives it (§21): its id, its elements' designs in order, and where they go. */
export interface SetupUnit {
  readonly id: string;
  readonly elements: readonly ElementDesign[];
  readonly placement:
    { readonly kind: 'at'; readonly hexes: readonly Hex[]; readonly facing: Direction } | { readonly kind: 'reserve' };
}

/** The settings a setup is checked against: the position before this side's units are added. */
export type SetupSettings = Pick<MiniPosition, 'map' | 'terrain' | 'sides' | 'edges' | 'battle' | 'options' | 'units'>;

/** How many rows deep a side's deployment zone is (§21): 4; a defensive battle's defender 8. */
export function zoneDepth(p: SetupSettings, side: string): number {
  return p.battle.type === 'defensive' && p.battle.defender === side ? 8 : 4;
}

/** Whether a hex lies in a side's deployment zone (§21): the rows nearest its edge. */
export function inZone(p: SetupSettings, side: string, h: Hex): boolean {
  if (!onMap(h, p.map)) return false;
  const depth = zoneDepth(p, side);
  return p.edges[side] === 'N' ? h.row <= depth : h.row > p.map.height - depth;
}

/** The side's forward direction (§14): away from its own edge. */
export const forward = (p: Pick<MiniPosition, 'edges'>, side: string): Direction => (p.edges[side] === 'N' ? 'S' : 'N');

/** The other side. */
export const enemyOf = (p: Pick<MiniPosition, 'sides'>, side: string): string =>
  p.sides[0] === side ? p.sides[1] : p.sides[0];

/**
 * Whether hexes form one linked group (§3.3): elements are linked when in the
 * same or adjacent hexes, and a unit is coherent when its elements form one
 * chain. No hexes, or one, is coherent.
 */
export function isCoherent(hexes: readonly Hex[]): boolean {
  if (hexes.length <= 1) return true;
  const names = new Set(hexes.map(formatHex));
  const start = formatHex(hexes[0]!);
  const seen = new Set([start]);
  const queue = [hexes[0]!];
  while (queue.length > 0) {
    const h = queue.pop()!;
    for (const d of DIRECTIONS) {
      const n = neighbour(h, d);
      const key = formatHex(n);
      if (names.has(key) && !seen.has(key)) {
        seen.add(key);
        queue.push(n);
      }
    }
  }
  return seen.size === names.size;
}

/** A Scout unit: every element Sc (§21). */
export const isScoutUnit = (elements: readonly ElementDesign[]): boolean =>
  elements.length > 0 && elements.every((e) => has(e, 'Sc'));

/** Whether a unit must start in reserve: its elements drop or teleport (§14, §15, §21). */
export const startsInReserve = (elements: readonly ElementDesign[]): boolean =>
  elements.length > 0 && elements.every((e) => placementCode(e.special) !== null);

const problem = (code: string, message: string, unit: string): MiniRuleError => ({ code, message, unit });

/**
 * The problems of one unit of a side's setup (§21), given how many of the
 * side's elements each hex already holds (updated with this unit's).
 */
export function setupUnitProblems(
  p: SetupSettings,
  side: string,
  u: SetupUnit,
  stacked: Map<string, number>,
): MiniRuleError[] {
  const out: MiniRuleError[] = [];
  const n = u.elements.length;
  if (n < 1 || n > MAX_UNIT_SIZE)
    out.push(problem('UNIT_SIZE', `unit ${u.id} has ${n} elements: a unit has 1 to ${MAX_UNIT_SIZE}`, u.id));
  if (u.elements.filter((e) => e.command).length > 1)
    out.push(problem('COMMAND_TWICE', `unit ${u.id} has more than one command element: at most one a unit`, u.id));
  for (const m of unitCombinationProblems(u.elements))
    out.push(problem('SPECIAL_COMBINATION', `unit ${u.id}: ${m}`, u.id));
  const reserve = startsInReserve(u.elements);
  if (u.placement.kind === 'reserve') {
    if (!reserve)
      out.push(
        problem(
          'RESERVE_NOT_ALLOWED',
          `unit ${u.id} neither drops nor teleports: place it with AT <hex>… FACE <dir>`,
          u.id,
        ),
      );
    return out;
  }
  if (reserve) {
    out.push(
      problem(
        'RESERVE_REQUIRED',
        `unit ${u.id} drops or teleports (Drp, DrpS, Tel, TelS): write RESERVE, not AT`,
        u.id,
      ),
    );
    return out;
  }
  const scout = isScoutUnit(u.elements);
  const enemy = enemyOf(p, side);
  u.placement.hexes.forEach((h, i) => {
    const e = u.elements[i]!;
    const name = `${formatHex(h)} (element ${i + 1} of unit ${u.id})`;
    if (!onMap(h, p.map)) {
      out.push(problem('PLACE_ZONE', `${name} is off the ${p.map.width} × ${p.map.height} map`, u.id));
      return;
    }
    if (scout ? inZone(p, enemy, h) : !inZone(p, side, h))
      out.push(
        problem(
          'PLACE_ZONE',
          scout
            ? `${name} is in the enemy's deployment zone: a Scout unit goes anywhere else`
            : `${name} is outside your deployment zone: the ${zoneDepth(p, side)} rows at your ${p.edges[side]} edge`,
          u.id,
        ),
      );
    if (!mayEndIn({ ...e, landed: false }, terrainAt(p, h)))
      out.push(problem('PLACE_TERRAIN', `${name} is ${terrainAt(p, h)}, where this element cannot stand (§8.2)`, u.id));
    const key = formatHex(h);
    const count = (stacked.get(key) ?? 0) + 1;
    stacked.set(key, count);
    if (count === p.options.stack + 1)
      out.push(problem('PLACE_STACK', `${key} would hold more than ${p.options.stack} of your elements`, u.id));
  });
  if (!isCoherent(u.placement.hexes))
    out.push(
      problem(
        'COHERENCY',
        `unit ${u.id} is not coherent: its elements must form one chain of same or adjacent hexes`,
        u.id,
      ),
    );
  return out;
}

/** How many elements of a side already stand in each hex (the scenario's own units). */
export function stackedBefore(p: SetupSettings, side: string): Map<string, number> {
  const m = new Map<string, number>();
  for (const u of p.units)
    if (u.side === side)
      for (const e of u.elements)
        if (e.status === 'active' && e.hex !== null) m.set(formatHex(e.hex), (m.get(formatHex(e.hex)) ?? 0) + 1);
  return m;
}

/** A setup's cost (§11, §21): the sum of its elements' costs. */
export const setupCost = (units: readonly SetupUnit[]): number =>
  units.reduce((s, u) => s + u.elements.reduce((t, e) => t + elementCost(e).cost, 0), 0);

/**
 * The objectives' problems (§21): the defender of a defensive battle places
 * exactly 8 in its zone, each pair at least 6 hexes apart; nobody else places any.
 */
export function objectiveProblems(p: SetupSettings, side: string, hexes: readonly Hex[]): MiniRuleError[] {
  const out: MiniRuleError[] = [];
  const defender = p.battle.type === 'defensive' ? p.battle.defender : null;
  if (defender !== side) {
    if (hexes.length > 0)
      out.push({ code: 'OBJECTIVE_COUNT', message: 'only the defender of a defensive battle places objectives' });
    return out;
  }
  if (hexes.length !== OBJECTIVE_COUNT)
    out.push({
      code: 'OBJECTIVE_COUNT',
      message: `${hexes.length} objectives: the defender places exactly ${OBJECTIVE_COUNT}`,
    });
  for (const h of hexes)
    if (!inZone(p, side, h))
      out.push({ code: 'OBJECTIVE_ZONE', message: `objective ${formatHex(h)} is outside your deployment zone` });
  for (let i = 0; i < hexes.length; i++)
    for (let j = i + 1; j < hexes.length; j++)
      if (hexDistance(hexes[i]!, hexes[j]!) < OBJECTIVE_SPACING)
        out.push({
          code: 'OBJECTIVE_SPACING',
          message: `objectives ${formatHex(hexes[i]!)} and ${formatHex(hexes[j]!)} are ${hexDistance(hexes[i]!, hexes[j]!)} hexes apart: at least ${OBJECTIVE_SPACING} (30 cm)`,
        });
  return out;
}

/** Element ids of a unit (§21): the unit id followed by a, b, c … in order. */
export const elementIds = (unitId: string, n: number): string[] =>
  Array.from({ length: n }, (_, i) => `${unitId}${String.fromCharCode(97 + i)}`);

/** The units a setup makes (§21): placed elements active and facing as told, Scouts hidden, the rest in reserve. */
export function setupToUnits(side: string, units: readonly SetupUnit[]): Unit[] {
  return units.map((u) => {
    const ids = elementIds(u.id, u.elements.length);
    const scout = isScoutUnit(u.elements);
    const elements = u.elements.map((d, i): Element => ({
      id: ids[i]!,
      ...d,
      status: u.placement.kind === 'at' ? 'active' : 'reserve',
      hex: u.placement.kind === 'at' ? u.placement.hexes[i]! : null,
      facing: u.placement.kind === 'at' ? u.placement.facing : null,
      from: null,
      still: 0,
      firedTurn: null,
      shotUsed: false,
      hidden: scout && u.placement.kind === 'at',
      carrier: null,
      landed: false,
      submerged: false,
      teleported: false,
    }));
    return { id: u.id, side, formation: null, elements };
  });
}
