/** Running one turn in rule tests: position, orders by plot text, scripted dice. */
import { expect } from 'vitest';
import { resolveTurn, type TurnResult } from '../../src/rules/resolve.ts';
import { ScriptedDice } from '../../src/rules/dice.ts';
import { parsePlot } from '../../src/rules/plot.ts';
import type { Position, ShipOrders } from '../../src/rules/types.ts';
import type { TurnEvent } from '../../src/rules/events.ts';

export interface OrderSpec {
  speed: number;
  move?: string;
  fire?: string[];
  hold?: boolean;
}

export function orders(spec: Record<string, OrderSpec>): Map<string, ShipOrders> {
  return new Map(
    Object.entries(spec).map(([id, o]) => {
      const plot = parsePlot(o.move ?? '');
      if (!plot.ok) throw new Error(plot.error.message);
      return [id, { speed: o.speed, plot: plot.value, fire: o.fire ?? [], hold: o.hold ?? false }];
    }),
  );
}

/** Resolves a turn that must be legal and must use exactly the dice given. */
export function play(position: Position, spec: Record<string, OrderSpec>, rolls: number[]): TurnResult {
  const dice = new ScriptedDice(rolls);
  const r = resolveTurn(position, orders(spec), dice);
  if (!r.ok) throw new Error(r.error.map((e) => e.message).join('; '));
  expect(dice.remaining, 'every scripted die is used').toBe(0);
  return r.value;
}

export const ofType = <T extends TurnEvent['type']>(events: readonly TurnEvent[], type: T) =>
  events.filter((e): e is Extract<TurnEvent, { type: T }> => e.type === type);

export const shipAfter = (r: TurnResult, id: string) => {
  const s = r.position.ships.find((x) => x.id === id);
  if (!s) throw new Error(`no ship ${id}`);
  return s;
};
