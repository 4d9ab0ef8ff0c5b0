/**
 * A Mini Combat side's army list and orders checked in the browser, by the
 * very parsers and checks the service runs (src/orders/mini-combat), with
 * each design's cost and its working (rules-mini-combat.md §11, Appendix B).
 * The page gives its script only the side's own view (`viewPosition`): nothing
 * hidden from the side reaches the browser. The service checks again on
 * submission.
 */
import { readMiniState } from '../../../kinds/mini-combat/docs.ts';
import { parseMiniOrders, parseMiniSetup, setupUnitsOf } from '../../../orders/mini-combat/index.ts';
import type { OrdersProblem } from '../../../orders/types.ts';
import { formatHex, neighbour } from '../../../rules/hex.ts';
import { elementCost } from '../../../rules/mini-combat/cost.ts';
import { formatFraction } from '../../../rules/mini-combat/fraction.ts';
import { elementIds } from '../../../rules/mini-combat/setup.ts';

/** What a seat's page gives its script (JSON in the page). */
export interface MiniCheckData {
  readonly gameId: string;
  /** 0 while the sides send their army lists. */
  readonly turn: number;
  readonly side: string;
  /** The side's view as a position document (`viewPosition`, written as the state is). */
  readonly position: unknown;
  /** The side's points, during setup. */
  readonly points: number | null;
}

export interface DesignCost {
  readonly name: string;
  readonly cost: number;
  /** The working, in words: the sums and factors of §11's formula, the capabilities' percentages and multipliers. */
  readonly working: string;
}

export interface SetupCheckResult {
  readonly problems: OrdersProblem[];
  readonly designs: DesignCost[];
  readonly units: { readonly id: string; readonly elements: number; readonly cost: number }[];
  readonly total: number;
  readonly points: number | null;
  /** Where each placed element stands, for the map's preview. */
  readonly placed: { readonly unit: string; readonly element: string; readonly hex: string }[];
}

/** §11's working for one design, in one line. */
function working(w: ReturnType<typeof elementCost>): string {
  const s = w.sum;
  const parts = [
    `(MV ${s.move} + RG ${s.range} + SV ${s.save} + PW ${s.power} + AR ${s.armor} = ${s.total}) × MO ${w.moraleFactor} × TH ${w.toHitFactor} ÷ 5 = ${formatFraction(w.base)}`,
    `× ${w.percent}%${w.floored ? ' (floor)' : ''}${w.percents.length > 0 ? ` [${w.percents.map((p) => `${p.code} ${p.percent >= 0 ? '+' : ''}${p.percent}`).join(', ')}]` : ''}`,
  ];
  if (w.multipliers.length > 0)
    parts.push(`× ${w.multipliers.map((m) => `${m.code} ${formatFraction(m.multiplier)}`).join(' × ')}`);
  return `${parts.join(' ')} = ${formatFraction(w.exact)} → ${w.cost}`;
}

/** The army list as typed: every problem the service would answer, each design's cost, each unit's, the total. */
export function checkMiniSetup(text: string, d: MiniCheckData): SetupCheckResult {
  const settings = readMiniState(d.position);
  const parsed = parseMiniSetup(text, { gameId: d.gameId, side: d.side, settings, points: d.points ?? 0 });
  const value = parsed.ok ? parsed.value : parsed.partial;
  const setup = value.setup;
  const designs = setup.designs.map((x) => {
    const w = elementCost(x.design);
    return { name: x.name, cost: w.cost, working: working(w) };
  });
  const units = setupUnitsOf({
    ...setup,
    units: setup.units.filter((u) => u.parts.every((p) => setup.designs.some((x) => x.name === p.design))),
  });
  const unitCosts = units.map((u) => ({
    id: u.id,
    elements: u.elements.length,
    cost: u.elements.reduce((n, e) => n + elementCost(e).cost, 0),
  }));
  const placed = units.flatMap((u) =>
    u.placement.kind === 'at'
      ? elementIds(u.id, u.elements.length).map((element, i) => ({
          unit: u.id,
          element,
          hex: formatHex(
            u.placement.kind === 'at' ? (u.placement.hexes[i] ?? u.placement.hexes.at(-1)!) : { col: 0, row: 0 },
          ),
        }))
      : [],
  );
  return {
    problems: parsed.ok ? [] : parsed.errors,
    designs,
    units: unitCosts,
    total: unitCosts.reduce((n, u) => n + u.cost, 0),
    points: d.points,
    placed,
  };
}

export interface OrdersCheckResult {
  readonly problems: OrdersProblem[];
  /** Each ordered unit's path from its first element's hex, hex by hex, for the map's preview. */
  readonly paths: { readonly unit: string; readonly hexes: string[] }[];
}

/** The orders as typed, checked against the side's view; the paths they give, for the map. */
export function checkMiniOrders(text: string, d: MiniCheckData): OrdersCheckResult {
  const position = readMiniState(d.position);
  const parsed = parseMiniOrders(text, { gameId: d.gameId, turn: d.turn, side: d.side, position });
  const orders = parsed.ok ? parsed.value.orders : parsed.partial.orders;
  const paths = orders.flatMap((o) => {
    const unit = position.units.find((u) => u.id === o.unit && u.side === d.side);
    const start = unit?.elements.find((e) => e.status === 'active' && e.hex !== null)?.hex;
    if (!start || o.move.length === 0) return [];
    let at = start;
    const hexes = [formatHex(at)];
    for (const step of o.move) {
      at = neighbour(at, step);
      hexes.push(formatHex(at));
    }
    return [{ unit: o.unit, hexes }];
  });
  return { problems: parsed.ok ? [] : parsed.errors, paths };
}
