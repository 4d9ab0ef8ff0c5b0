/**
 * The seed's record sheets, as each side's campaign report shows them of its
 * own empire (rules-strategic.md §10): the Fleet Control Sheet (per fleet, per
 * ship: id, offensive BP, defensive BP, ENGINE, BP) and the Production Control
 * Sheet (per turn: BP produced, BP spent, the running total, systems captured).
 */
import { formatHex } from '../rules/hex.ts';
import { ATTACK_BP_PER_DIE, SAVE_BP_PER_DIE } from '../rules/strategic/combat.ts';
import { defensiveBp, fleetReach, offensiveBp, shipCost } from '../rules/strategic/ships.ts';
import type { CampaignEvent, Fleet } from '../rules/strategic/types.ts';

/** A table as aligned text lines: numbers to the right, words to the left. */
function table(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string[] {
  const all = [header, ...rows.map((r) => r.map(String))];
  const widths = header.map((_, i) => Math.max(...all.map((r) => String(r[i]).length)));
  const line = (r: readonly (string | number)[]) =>
    r
      .map((c, i) => (typeof c === 'number' ? String(c).padStart(widths[i]!) : String(c).padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)];
}

function retreatText(f: Fleet): string {
  const r = f.retreat;
  return r.kind === 'never' ? 'never' : r.kind === 'after' ? `after ${r.rounds} rounds` : `below ${r.percent} %`;
}

/**
 * The dice a fleet rolls each round of strategic combat when it fights alone (rules-strategic.md §7): 1 attack die
 * per full 7 offensive BP, 1 save die per full 3 defensive BP; and why none when it rolls none.
 */
export function fleetDiceText(f: Fleet): string {
  const off = f.ships.reduce((t, s) => t + offensiveBp(s), 0);
  const def = f.ships.reduce((t, s) => t + defensiveBp(s), 0);
  const count = (bp: number, per: number, what: string, word: string) => {
    const n = Math.floor(bp / per);
    return n === 0
      ? `no ${word} die (${bp} ${what} BP, under ${per})`
      : `${n} ${word} ${n === 1 ? 'die' : 'dice'} (${bp} ${what} BP, 1 per full ${per})`;
  };
  return (
    `Dice each round when it fights alone: ${count(off, ATTACK_BP_PER_DIE, 'offensive', 'attack')}, ` +
    count(def, SAVE_BP_PER_DIE, 'defensive', 'save')
  );
}

/** The Fleet Control Sheet: each of the side's fleets with its standing orders, and every ship's strategic values. */
export function fleetControlSheet(fleets: readonly Fleet[]): string[] {
  if (fleets.length === 0) return ['You have no fleets.'];
  return [
    ...fleets.flatMap((f, i) => [
      ...(i > 0 ? [''] : []),
      `Fleet ${f.id} at ${formatHex(f.hex)}: reach ${fleetReach(f)}; retreat ${retreatText(f)}; loss order ${f.lossOrder.length === 0 ? 'none (cheapest first)' : f.lossOrder.join(' ')}`,
      ...table(
        ['Ship', 'Off BP', 'Def BP', 'ENGINE', 'BP'],
        f.ships.map((s) => [s.id, offensiveBp(s), defensiveBp(s), s.engine, shipCost(s)]),
      ),
      fleetDiceText(f),
    ]),
    '',
    `In a battle a side's fleets in the hex fight as one: their BP add up before the dice are counted.`,
  ];
}

/** One resolved campaign turn's events, as stored. */
export interface CampaignTurnEvents {
  readonly number: number;
  readonly events: readonly CampaignEvent[];
}

/** The Production Control Sheet: per turn played, BP produced and spent, the store after, systems captured. */
export function productionControlSheet(side: string, history: readonly CampaignTurnEvents[]): string[] {
  // A turn without the side's production is the setup (turn 0), spent from the budget, not from production.
  const played = history.filter((t) => t.events.some((e) => e.type === 'production' && e.side === side));
  const rows = played.map((t) => {
    const produced = t.events
      .filter((e) => e.type === 'production' && e.side === side)
      .reduce((n, e) => n + (e.type === 'production' ? e.produced : 0), 0);
    const spent = t.events
      .filter((e) => e.type === 'build' && e.side === side && !e.skipped)
      .reduce((n, e) => n + (e.type === 'build' ? e.cost : 0), 0);
    const production = t.events.find((e) => e.type === 'production' && e.side === side);
    const store = production?.type === 'production' ? production.store - spent : 0;
    const captured = t.events
      .filter((e) => e.type === 'capture' && e.side === side)
      .map((e) => (e.type === 'capture' ? e.hex : ''));
    return [t.number, produced, spent, store, captured.length === 0 ? '-' : captured.join(' ')];
  });
  if (rows.length === 0) return ['No turn played yet.'];
  return table(['Turn', 'Produced', 'Spent', 'Store', 'Captured'], rows);
}
