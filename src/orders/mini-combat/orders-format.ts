/**
 * Mini Combat orders as text (rules-mini-combat.md §19): the canonical echo,
 * which parses back to the same orders, and the order block a turn report
 * ends with — each unit's elements, movement points and the clauses it may
 * use, then a UNIT line per unit that can act (the standing order), ready to edit.
 */
import { formatHex } from '../../rules/hex.ts';
import { has, transportPlaces } from '../../rules/mini-combat/capabilities.ts';
import { movementPoints } from '../../rules/mini-combat/movement.ts';
import type { UnitOrder } from '../../rules/mini-combat/orders.ts';
import type { Element, MiniPosition, Unit } from '../../rules/mini-combat/types.ts';
import { DIRECTIONS } from '../../rules/types.ts';

export interface MiniTextContext {
  readonly gameId: string;
  readonly turn: number;
}

const header = (ctx: MiniTextContext) => `GAME ${ctx.gameId} TURN ${ctx.turn}`;

/** A unit's UNIT line, clauses in the order of §7's table (defaults left out), then its PATH lines. */
export function unitOrderLines(o: UnitOrder): string[] {
  const words = [`UNIT ${o.unit}`];
  const add = (on: boolean, text: () => string) => {
    if (on) words.push(text());
  };
  add(o.move.length > 0, () => `MOVE ${o.move.join(' ')}`);
  add(o.face !== null, () => `FACE ${o.face}`);
  add(o.fire.length > 0, () => `FIRE ${o.fire.join(' ')}`);
  add(o.then !== 'nearest', () => `THEN ${o.then.toUpperCase()}`);
  add(o.within !== null, () => `WITHIN ${o.within}`);
  add(o.spare, () => 'SPARE');
  add(o.teleport.length > 0, () => `TELEPORT ${o.teleport.map(formatHex).join(' ')}`);
  add(o.drop.length > 0, () => `DROP ${o.drop.map(formatHex).join(' ')}`);
  add(o.embark !== null, () => `EMBARK ${o.embark}`);
  add(o.disembark, () => 'DISEMBARK');
  add(o.insubstantial, () => 'INSUBSTANTIAL');
  add(o.dive, () => 'DIVE');
  add(o.surface, () => 'SURFACE');
  add(o.land, () => 'LAND');
  add(o.square, () => 'SQUARE');
  add(o.heal !== null, () => `HEAL ${o.heal}`);
  const paths = [...o.paths].map(([id, path]) => ['PATH', id, ...path].join(' '));
  return [words.join(' '), ...paths];
}

/** The orders in canonical form (§19): one UNIT line per entry in list order, each followed by its PATH lines. */
export function formatMiniOrders(orders: readonly UnitOrder[], ctx: MiniTextContext): string {
  return `${[header(ctx), ...orders.flatMap(unitOrderLines), 'END'].join('\n')}\n`;
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

/** Where an element is, as the block shows it: `0903 S`, `hidden 1716 S`, `aboard B8a`, `reserve`, `destroyed`. */
function whereIs(e: Element): string {
  switch (e.status) {
    case 'active': {
      const flags = [e.hidden ? 'hidden' : '', e.landed ? 'landed' : '', e.submerged ? 'submerged' : ''];
      return [...flags.filter((f) => f !== ''), formatHex(e.hex!), e.facing ?? ''].join(' ').trim();
    }
    case 'carried':
      return `aboard ${e.carrier}`;
    default:
      return e.status;
  }
}

/** The clauses a unit's capabilities open to it (§7, §18.1), beyond MOVE, FACE and FIRE. */
function clausesFor(u: Unit): string[] {
  const any = (k: Parameters<typeof has>[1]) => u.elements.some((e) => has(e, k));
  const out: string[] = [];
  // A teleport is used once, unless the unit is Ethereal (§14).
  const ethereal = u.elements.length > 0 && u.elements.every((e) => has(e, 'Eth'));
  const inReserve = u.elements.some((e) => e.status === 'reserve');
  if ((any('Tel') || any('TelS')) && (inReserve || ethereal)) out.push('TELEPORT');
  if ((any('Drp') || any('DrpS')) && u.elements.some((e) => e.status === 'reserve')) out.push('DROP');
  if (u.elements.some((e) => e.status === 'carried')) out.push('DISEMBARK');
  if (any('Ins')) out.push('INSUBSTANTIAL');
  if (any('Sub')) out.push('DIVE', 'SURFACE');
  if (any('Fly')) out.push('LAND');
  if (u.elements.length > 0 && u.elements.every((e) => has(e, 'Org'))) out.push('SQUARE');
  if (any('Heal') || any('Heal4') || any('Rep') || any('Rep4')) out.push('HEAL');
  const places = u.elements.reduce((s, e) => s + transportPlaces(e), 0);
  if (places > 0) out.push(`(carries ${places})`);
  return out;
}

/** One unit's comment: its elements grouped by where they are, movement points, the clauses it may use. */
function unitComment(u: Unit): string[] {
  const groups: { where: string; ids: string[] }[] = [];
  for (const e of u.elements) {
    const where = whereIs(e);
    const last = groups.at(-1);
    if (last?.where === where) last.ids.push(e.id);
    else groups.push({ where, ids: [e.id] });
  }
  const parts = groups.map((g) => `${g.ids.join(' ')} ${g.where};`);
  const mp = [...new Set(u.elements.map(movementPoints))].join('/');
  const clauses = clausesFor(u);
  parts.push(`MP ${mp}${clauses.length > 0 ? ';' : ''}`, ...clauses);
  return commentLines(`# ${u.id}:`, parts);
}

const canAct = (u: Unit) =>
  u.elements.some((e) => e.status === 'active' || e.status === 'carried' || e.status === 'reserve');

/**
 * The order block for a side (§19): the header, how the lines read, then for
 * each of its units a comment (elements' hexes, facings and statuses,
 * movement points, the clauses its capabilities allow) and, if it can act, a
 * bare UNIT line: the standing order, ready to edit. With `current` (the
 * orders already in), the units come in that list's order with their lines as
 * given, the units it leaves out after them, bare.
 */
export function miniOrderBlock(
  p: MiniPosition,
  side: string,
  ctx: MiniTextContext,
  current: readonly UnitOrder[] = [],
): string {
  const lines = [
    header(ctx),
    '# UNIT <unit> [MOVE <dirs>] [FACE <dir>] [FIRE <ids>]',
    '#   [THEN NEAREST|WEAKEST|HOLD] [WITHIN <cm>] [SPARE] [TELEPORT|DROP <hexes>]',
    '#   [EMBARK <unit>] [DISEMBARK] [INSUBSTANTIAL] [DIVE|SURFACE] [LAND] [SQUARE]',
    '#   [HEAL <unit>]',
    `# PATH <element> <dirs>: an element's own path. Directions: ${DIRECTIONS.join(' ')}`,
    '# UNIT lines in the order the units should act; a bare UNIT line stays and',
    '#   attacks the nearest enemy (the standing order). MP: movement points.',
  ];
  const own = p.units.filter((u) => u.side === side);
  const given = new Map(current.map((o) => [o.unit, o]));
  const listed = [
    ...current.flatMap((o) => own.filter((u) => u.id === o.unit)),
    ...own.filter((u) => !given.has(u.id)),
  ];
  if (!own.some(canAct)) lines.push('# you have no units in play');
  for (const u of listed) {
    lines.push(...unitComment(u));
    const o = given.get(u.id);
    if (canAct(u)) lines.push(...(o === undefined ? [`UNIT ${u.id}`] : unitOrderLines(o)));
  }
  lines.push('END');
  return `${lines.join('\n')}\n`;
}
