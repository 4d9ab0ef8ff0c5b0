/**
 * The position while a turn is resolved: elements are changed in place as the
 * phases carry out the orders, and every change is told as an event
 * (rules-mini-combat.md §22.3). Made from a position, and turned back into one.
 */
import { formatHex, sameHex } from '../hex.ts';
import type { Hex } from '../types.ts';
import { isAirborne } from './capabilities.ts';
import { sideSees, type SightContext } from './sight.ts';
import type { Element, MiniPosition, Unit } from './types.ts';

export type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** An event of the turn (§22.3): its type, who sees it, and its fields. */
export interface MiniEvent {
  readonly type: string;
  readonly seenBy: readonly string[];
  readonly [field: string]: unknown;
}

export class Battlefield {
  readonly units: { id: string; side: string; formation: Unit['formation']; elements: Mutable<Element>[] }[];
  readonly events: MiniEvent[] = [];
  /** Elements that have moved this turn (§8.9). */
  readonly moved = new Set<string>();
  /** Elements insubstantial this turn (§12.1). */
  readonly insubstantial = new Set<string>();
  readonly #byId = new Map<string, { e: Mutable<Element>; side: string; unit: string }>();

  constructor(readonly position: MiniPosition) {
    this.units = position.units.map((u) => ({
      id: u.id,
      side: u.side,
      formation: u.formation,
      elements: u.elements.map((e) => ({ ...e })),
    }));
    for (const u of this.units) for (const e of u.elements) this.#byId.set(e.id, { e, side: u.side, unit: u.id });
  }

  element(id: string): Mutable<Element> {
    return this.#byId.get(id)!.e;
  }

  sideOf(id: string): string {
    return this.#byId.get(id)!.side;
  }

  unitOf(id: string): string {
    return this.#byId.get(id)!.unit;
  }

  /**
   * The position as it now stands, without copying it: for reading at once
   * (who sees what, where an element may be placed), never to keep — it
   * changes as the turn goes on. `snapshot` gives a copy to keep.
   */
  now(): MiniPosition {
    return { ...this.position, units: this.units };
  }

  /** A copy of the position as it now stands. */
  snapshot(): MiniPosition {
    return { ...this.position, units: this.units.map((u) => ({ ...u, elements: u.elements.map((e) => ({ ...e })) })) };
  }

  /** Sight as it is now, in the turn being resolved. */
  sight(): SightContext {
    return { attackTurn: this.position.turn, insubstantial: this.insubstantial };
  }

  /** Active elements in a hex, in state order. */
  activeIn(h: Hex): Mutable<Element>[] {
    const out: Mutable<Element>[] = [];
    for (const u of this.units)
      for (const e of u.elements) if (e.status === 'active' && e.hex !== null && sameHex(e.hex, h)) out.push(e);
    return out;
  }

  /** Elements of a side counted for stacking in a hex (§3.3): active ones; carried ones do not count. */
  stackIn(side: string, h: Hex): number {
    return this.activeIn(h).filter((e) => this.sideOf(e.id) === side).length;
  }

  /**
   * A contact element for `side`'s movers (§8.5): an enemy element that is
   * active, not insubstantial, not submerged and not an airborne flier (a
   * hidden Scout is one).
   */
  isContact(e: Element, side: string): boolean {
    return (
      this.sideOf(e.id) !== side &&
      e.status === 'active' &&
      !this.insubstantial.has(e.id) &&
      !e.submerged &&
      !isAirborne(e)
    );
  }

  /** Who sees an event about element `id` (§9.3): its side, and the enemy if it sees the element now. */
  seenByFor(id: string): string[] {
    const side = this.sideOf(id);
    const now = this.now();
    return this.position.sides.filter((s) => s === side || sideSees(now, s, this.element(id), this.sight()));
  }

  /** Reveals a hidden Scout for good (§12.1), with its event. */
  reveal(e: Mutable<Element>, why: 'moved' | 'attacked' | 'contact' | 'deny'): void {
    if (!e.hidden) return;
    e.hidden = false;
    this.events.push({ type: 'reveal', seenBy: this.seenByFor(e.id), element: e.id, why });
  }

  /** Carried elements move with their carrier (§13.1). */
  carryAlong(carrier: Mutable<Element>): void {
    for (const u of this.units)
      for (const e of u.elements) if (e.status === 'carried' && e.carrier === carrier.id) e.hex = carrier.hex;
  }
}

export const hexName = (h: Hex | null): string | null => (h === null ? null : formatHex(h));
