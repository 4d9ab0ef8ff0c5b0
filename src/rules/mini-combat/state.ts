/**
 * What makes a Mini Combat position legal (rules-mini-combat.md §3, §12.3,
 * §13.1, §22.1, §22.7): plain data becomes a position to resolve only when
 * every problem here is absent. Each problem names the field it is about, so
 * that a scenario's author can find it (`units[2].elements[0].special`).
 */
import { formatHex, onMap } from '../hex.ts';
import type { Hex } from '../types.ts';
import { has, parseCodes, placementCode, transportPlaces, unitCombinationProblems } from './capabilities.ts';
import { mayEndIn, terrainAt } from './terrain.ts';
import type { Element, MiniPosition, MiniRuleError } from './types.ts';

const invalid = (message: string, where: { side?: string; unit?: string; element?: string } = {}): MiniRuleError => ({
  code: 'INVALID_STATE',
  message,
  ...where,
});

const mapText = (p: Pick<MiniPosition, 'map'>) => `the ${p.map.width} × ${p.map.height} map`;

function offMap(p: MiniPosition, h: Hex | null): boolean {
  return h !== null && !onMap(h, p.map);
}

/** Every problem of the position's settings: terrain, sides, edges, battle (§1, §2, §20, §22.1). */
function settingsProblems(p: MiniPosition): MiniRuleError[] {
  const out: MiniRuleError[] = [];
  for (const key of p.terrain.keys()) {
    const col = Number(key.slice(0, 2));
    const row = Number(key.slice(2));
    if (!onMap({ col, row }, p.map)) out.push(invalid(`terrain: ${key} is off ${mapText(p)}`));
  }
  if (p.sides[0] === p.sides[1]) out.push(invalid(`sides: the two sides must differ, both are "${p.sides[0]}"`));
  const edges = p.sides.map((s) => p.edges[s]);
  if (edges[0] === edges[1])
    out.push(invalid(`edges: the two sides need opposite edges (one N, one S), both have ${edges[0]}`));
  if (p.battle.type === 'defensive') {
    const b = p.battle;
    if (!p.sides.includes(b.attacker) || !p.sides.includes(b.defender) || b.attacker === b.defender)
      out.push(invalid(`battle: attacker and defender must be the two sides (${p.sides.join(', ')})`));
    b.objectives.forEach((o, i) => {
      if (!onMap(o, p.map)) out.push(invalid(`battle.objectives[${i}]: ${formatHex(o)} is off ${mapText(p)}`));
    });
    const names = b.objectives.map(formatHex);
    if (new Set(names).size !== names.length) out.push(invalid('battle.objectives: each objective hex at most once'));
    if (b.control > b.objectives.length)
      out.push(invalid(`battle.control: ${b.control} is more than the ${b.objectives.length} objectives`));
  }
  for (const c of p.conceded) if (!p.sides.includes(c)) out.push(invalid(`conceded: "${c}" is not a side`));
  return out;
}

/** Ids are unique together in the game: no two units, no two elements, no unit and element alike (§3.3). */
function idProblems(p: MiniPosition): MiniRuleError[] {
  const seen = new Set<string>();
  const out: MiniRuleError[] = [];
  const see = (id: string, where: string) => {
    if (seen.has(id))
      out.push(invalid(`${where}: the id "${id}" is used twice; unit and element ids are unique together`));
    seen.add(id);
  };
  p.units.forEach((u, i) => {
    see(u.id, `units[${i}].id`);
    u.elements.forEach((e, j) => see(e.id, `units[${i}].elements[${j}].id`));
  });
  return out;
}

/** Codes (§12.3), command elements and formation, unit by unit. */
function unitProblems(p: MiniPosition): MiniRuleError[] {
  const out: MiniRuleError[] = [];
  p.units.forEach((u, i) => {
    const at = { side: u.side, unit: u.id };
    if (!p.sides.includes(u.side))
      out.push(invalid(`units[${i}].side: "${u.side}" is not a side (${p.sides.join(', ')})`, at));
    u.elements.forEach((e, j) => {
      const { unknown, combination } = parseCodes(e.special);
      for (const m of [...unknown, ...combination])
        out.push(invalid(`units[${i}].elements[${j}].special: ${m}`, { ...at, element: e.id }));
    });
    for (const m of unitCombinationProblems(u.elements)) out.push(invalid(`units[${i}] (${u.id}): ${m}`, at));
    if (u.elements.filter((e) => e.command).length > 1)
      out.push(invalid(`units[${i}] (${u.id}): at most one command element a unit`, at));
    if (u.formation === 'square' && !u.elements.every((e) => has(e, 'Org')))
      out.push(invalid(`units[${i}].formation: only an Organised unit (every element Org) forms square`, at));
  });
  return out;
}

/** Status, position, flags and carriers of each element (§3.2, §13.1). */
function elementProblems(p: MiniPosition): MiniRuleError[] {
  const out: MiniRuleError[] = [];
  const byId = new Map<string, { e: Element; side: string }>();
  for (const u of p.units) for (const e of u.elements) byId.set(e.id, { e, side: u.side });
  const load = new Map<string, number>();
  p.units.forEach((u, i) => {
    const reserveAllowed = u.elements.every((e) => placementCode(e.special) !== null);
    u.elements.forEach((e, j) => {
      const where = `units[${i}].elements[${j}]`;
      const at = { side: u.side, unit: u.id, element: e.id };
      const bad = (m: string) => out.push(invalid(`${where}.${m}`, at));
      if (offMap(p, e.hex)) bad(`hex: ${formatHex(e.hex!)} is off ${mapText(p)}`);
      if (offMap(p, e.from)) bad(`from: ${formatHex(e.from!)} is off ${mapText(p)}`);
      if (e.status !== 'carried' && e.carrier !== null) bad('carrier: only a carried element has a carrier');
      switch (e.status) {
        case 'active':
          if (e.hex === null) bad('hex: an active element needs a hex');
          if (e.facing === null) bad('facing: an active element needs a facing');
          if (e.hex !== null && !offMap(p, e.hex) && !mayEndIn(e, terrainAt(p, e.hex)))
            bad(`hex: ${formatHex(e.hex)} is ${terrainAt(p, e.hex)}, where this element cannot stand (§8.2)`);
          if (e.submerged && e.hex !== null && !['water', 'river'].includes(terrainAt(p, e.hex)))
            bad('submerged: only in water or river');
          break;
        case 'reserve':
          if (e.hex !== null) bad('hex: an element in reserve has no hex (null)');
          if (!reserveAllowed) bad('status: only units of Drp, DrpS, Tel or TelS elements are in reserve');
          break;
        case 'carried': {
          const c = e.carrier === null ? undefined : byId.get(e.carrier);
          if (c === undefined) {
            bad(`carrier: ${e.carrier === null ? 'a carried element needs one' : `"${e.carrier}" is no element`}`);
          } else if (c.side !== u.side) {
            bad(`carrier: "${e.carrier}" is an enemy element`);
          } else if (transportPlaces(c.e) === 0) {
            bad(`carrier: "${e.carrier}" is not a Transport (T<n>)`);
          } else if (c.e.status !== 'active') {
            bad(`carrier: "${e.carrier}" is not active (a carried element carries nothing)`);
          } else {
            const n = (load.get(c.e.id) ?? 0) + 1;
            load.set(c.e.id, n);
            if (n === transportPlaces(c.e) + 1)
              bad(`carrier: "${c.e.id}" carries more than its ${transportPlaces(c.e)}`);
          }
          break;
        }
        default:
          break;
      }
      if (e.hidden && !(has(e, 'Sc') && e.status === 'active')) bad('hidden: only an active Scout (Sc) is hidden');
      if (e.submerged && !has(e, 'Sub')) bad('submerged: only a Submersible (Sub) element dives');
      if (e.landed && !has(e, 'Fly')) bad('landed: only a Flying (Fly) element lands');
      if (e.teleported && !(has(e, 'Tel') || has(e, 'TelS')))
        bad('teleported: only a Teleport (Tel, TelS) element teleports');
      if (e.shotUsed && !has(e, 'OS')) bad('shotUsed: only a One shot (OS) element has a shot to use');
      if (e.firedTurn !== null && e.firedTurn >= p.turn) bad(`firedTurn: ${e.firedTurn} is not before turn ${p.turn}`);
    });
  });
  return out;
}

/** At most `options.stack` active elements of one side in a hex (§3.3); carried ones do not count. */
function stackingProblems(p: MiniPosition): MiniRuleError[] {
  const count = new Map<string, number>();
  const out: MiniRuleError[] = [];
  for (const u of p.units) {
    for (const e of u.elements) {
      if (e.status !== 'active' || e.hex === null) continue;
      const key = `${u.side}\u0000${formatHex(e.hex)}`;
      const n = (count.get(key) ?? 0) + 1;
      count.set(key, n);
      if (n === p.options.stack + 1)
        out.push(
          invalid(`stacking: ${u.side} has more than ${p.options.stack} elements in ${formatHex(e.hex)}`, {
            side: u.side,
          }),
        );
    }
  }
  return out;
}

/** Every problem of a position, or none (§22.7 INVALID_STATE). */
export function checkPosition(p: MiniPosition): MiniRuleError[] {
  const ids = idProblems(p);
  return [...settingsProblems(p), ...ids, ...unitProblems(p), ...elementProblems(p), ...stackingProblems(p)];
}
