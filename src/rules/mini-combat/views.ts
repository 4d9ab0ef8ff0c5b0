/**
 * What each side sees (rules-mini-combat.md §9.3, §22.4): its own units in
 * full; of the enemy only the elements it sees, and those destroyed or fled
 * (with the hex where they fell). Never hidden Scouts, submerged or carried
 * elements, Stealth elements beyond sight, enemy reserves or enemy orders; an
 * enemy unit with nothing shown is left out altogether.
 */
import type { Direction, Hex } from '../types.ts';
import { sideSees, type SightContext } from './sight.ts';
import type { Element, ElementStatus, ElementType, Formation, MiniPosition, Unit } from './types.ts';
import { objectives, scores, type Control } from './victory.ts';

/** An enemy element as a side is shown it (§22.4): its design, status, hex, facing and `landed`, nothing else. */
export interface ShownElement {
  readonly id: string;
  readonly type: ElementType;
  readonly command: boolean;
  readonly move: number;
  readonly range: number;
  readonly toHit: number;
  readonly save: number;
  readonly power: number;
  readonly armor: number;
  readonly morale: number;
  readonly special: readonly string[];
  readonly status: ElementStatus;
  readonly hex: Hex | null;
  readonly facing: Direction | null;
  readonly landed: boolean;
}

export interface ShownUnit {
  readonly id: string;
  readonly side: string;
  readonly formation: Formation | null;
  readonly elements: readonly ShownElement[];
}

export interface SideView {
  readonly side: string;
  readonly turn: number;
  readonly units: readonly Unit[];
  readonly enemy: readonly ShownUnit[];
  readonly objectives: readonly { hex: Hex; control: Control }[];
  readonly score: Readonly<Record<string, number>>;
}

const shown = (e: Element): ShownElement => ({
  id: e.id,
  type: e.type,
  command: e.command,
  move: e.move,
  range: e.range,
  toHit: e.toHit,
  save: e.save,
  power: e.power,
  armor: e.armor,
  morale: e.morale,
  special: [...e.special],
  status: e.status,
  hex: e.hex,
  facing: e.facing,
  landed: e.landed,
});

/** Whether a side is shown an enemy element (§9.3): it sees it, or it has fallen (destroyed or fled). */
export function isShown(p: MiniPosition, side: string, e: Element, ctx: SightContext): boolean {
  if (e.status === 'destroyed' || e.status === 'fled') return true;
  return sideSees(p, side, e, ctx);
}

/** A side's view of a position (§9.3) at the moment `ctx` describes. */
export function sideView(p: MiniPosition, side: string, ctx: SightContext): SideView {
  const enemy: ShownUnit[] = [];
  for (const u of p.units) {
    if (u.side === side) continue;
    const elements = u.elements.filter((e) => isShown(p, side, e, ctx)).map(shown);
    if (elements.length > 0) enemy.push({ id: u.id, side: u.side, formation: u.formation, elements });
  }
  return {
    side,
    turn: p.turn,
    units: p.units.filter((u) => u.side === side),
    enemy,
    objectives: objectives(p),
    score: scores(p),
  };
}
