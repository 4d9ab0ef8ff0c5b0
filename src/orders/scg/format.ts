/**
 * Simple Combat Game orders as text (rules-scg.md §17.3, §17.5): the
 * canonical echo (it parses back to the same orders) and the order block a
 * turn report ends with — each unit's distance, range and line of sight to
 * every enemy, and the standing orders ready to edit.
 */
import { formatHex } from '../../rules/hex.ts';
import { distance, hasLineOfSight, rangeOf, terrainOf } from '../../rules/scg/board.ts';
import { mountOrder } from '../../rules/scg/check.ts';
import { unitTypeOf } from '../../rules/scg/forces.ts';
import type { FireChoice, MoveOrder, ScgSideOrders, ScgState } from '../../rules/scg/types.ts';

export interface ScgTextContext {
  readonly gameId: string;
  readonly turn: number;
}

const header = (ctx: ScgTextContext) => `GAME ${ctx.gameId} TURN ${ctx.turn}`;

export function moveWords(o: MoveOrder): string {
  const halt = o.kind !== 'hold' && o.halt !== undefined ? ` HALT ${o.halt}` : '';
  switch (o.kind) {
    case 'hold':
      return 'HOLD';
    case 'path':
      return `${o.path.join(' ')}${halt}`;
    case 'to':
      return `TO ${formatHex(o.hex)}${halt}`;
    case 'toward':
      return `TOWARD ${o.target === 'nearest' ? 'NEAREST' : o.target} WITHIN ${o.within}${halt}`;
  }
}

const choiceWords = (c: FireChoice) =>
  `${c.targets.length > 0 ? ` AT ${c.targets.join(' ')}` : ''}${c.hold ? ' HOLD' : ''}`;

/** The orders in canonical form (§17.3): MOVE lines in move-list order, FIRE lines unit by unit, then END. */
export function formatScgOrders(orders: ScgSideOrders, state: ScgState, ctx: ScgTextContext): string {
  const lines = [header(ctx), ...orders.move.map((m) => `MOVE ${m.unit} ${moveWords(m.order)}`)];
  for (const f of orders.fire) {
    lines.push(`FIRE ${f.unit}${choiceWords(f)}`);
    for (const m of mountOrder(state, f.unit, f.weapons)) lines.push(`FIRE ${f.unit} ${m.mount}${choiceWords(m)}`);
  }
  lines.push('END');
  return `${lines.join('\n')}\n`;
}

/** Comment lines of at most `width` columns: words joined, continued on `#   ` lines. */
function commentLines(first: string, parts: readonly string[], width = 78): string[] {
  const out: string[] = [];
  let line = first;
  for (const p of parts) {
    if (line.length + 1 + p.length > width && line.length > 4) {
      out.push(line);
      line = `#   ${p}`;
    } else line = `${line} ${p}`;
  }
  out.push(line);
  return out;
}

/**
 * The order block for a side (§17.5): the header; per unit in play, its hex, MA, damage/DC and, for every enemy unit
 * in play, distance, range and line of sight; then the standing orders (§17.6) as lines to edit.
 */
export function scgOrderBlock(state: ScgState, side: string, ctx: ScgTextContext): string {
  const terrain = terrainOf(state.map);
  const own = state.units.filter((u) => u.side === side && u.status === 'active');
  const enemies = state.units.filter((u) => u.side !== side && u.status === 'active');
  const lines = [
    header(ctx),
    '# MOVE <unit> <directions> | TO <CCRR> | TOWARD <unit|NEAREST> [WITHIN n]',
    '#   | HOLD; all but HOLD may add HALT n. Directions: N NE SE S SW NW',
    '# FIRE <unit> [<mount>] [AT <enemy> …] [HOLD]',
    '# Enemies: distance in hexes/range (- beyond range 6), LOS or no LOS',
  ];
  if (own.length === 0) lines.push('# you have no units in play');
  for (const u of own) {
    const t = unitTypeOf(state.unitTypes, u.type);
    const parts = enemies.map((e) => {
      const d = distance(u.hex, e.hex);
      const r = rangeOf(d, state.rangeScale);
      return `${e.id} ${d}/${r > 6 ? '-' : r} ${hasLineOfSight(terrain, u.hex, e.hex) ? 'LOS' : 'no LOS'};`;
    });
    if (parts.length > 0) parts[parts.length - 1] = parts[parts.length - 1]!.slice(0, -1);
    lines.push(
      ...commentLines(
        `# ${u.id} at ${formatHex(u.hex)}, MA ${t?.ma ?? '?'}, damage ${u.damage}/${t?.dc ?? '?'}:`,
        parts,
      ),
    );
  }
  for (const u of own) lines.push(`MOVE ${u.id} HOLD`);
  for (const u of own) lines.push(`FIRE ${u.id}`);
  lines.push('END');
  return `${lines.join('\n')}\n`;
}
