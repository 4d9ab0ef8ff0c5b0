/**
 * The Mini Combat setup language (rules-mini-combat.md §21): DESIGN, UNIT and
 * OBJECTIVE lines inside the shared GAME … END frame (src/orders/parse.ts).
 * Each line is read into a plain setup; then the setup is checked by the rules
 * (src/rules/mini-combat/setup.ts), and every problem is reported on the line
 * it came from, with a code and what would be legal. All or nothing.
 */
import { parseCodes } from '../../rules/mini-combat/capabilities.ts';
import { elementCost } from '../../rules/mini-combat/cost.ts';
import {
  elementIds,
  MAX_UNIT_SIZE,
  objectiveProblems,
  setupUnitProblems,
  stackedBefore,
  type SetupSettings,
  type SetupUnit,
} from '../../rules/mini-combat/setup.ts';
import {
  ELEMENT_TYPES,
  PIECE_ID,
  STAT_LIMITS,
  type ElementDesign,
  type ElementType,
} from '../../rules/mini-combat/types.ts';
import { parseHex } from '../../rules/hex.ts';
import { DIRECTIONS, type Direction, type Hex } from '../../rules/types.ts';
import { readSubmission, type Reading, type SubmissionCommon } from '../submission.ts';
import type { OrdersProblem } from '../types.ts';
import { keyword, show } from '../words.ts';
import { isReserved, SETUP_KEYWORDS, spellCode } from './words.ts';

/** A design as defined by a DESIGN line: its name (as spelled there) and its stats. */
export interface NamedDesign {
  readonly name: string;
  readonly design: ElementDesign;
}

/** A UNIT line as read: its id, its designs with counts, and where it goes. */
export interface SetupUnitLine {
  readonly id: string;
  readonly parts: readonly { readonly design: string; readonly count: number }[];
  /** One hex per element (the last given repeats), or the reserve. */
  readonly placement:
    { readonly kind: 'at'; readonly hexes: readonly Hex[]; readonly facing: Direction } | { readonly kind: 'reserve' };
}

/** A side's setup as written (§21). */
export interface MiniSetup {
  readonly designs: readonly NamedDesign[];
  readonly units: readonly SetupUnitLine[];
  readonly objectives: readonly Hex[];
}

export interface MiniSetupContext {
  readonly gameId: string;
  readonly side: string;
  /** The game's settings, and any units the scenario already has (their ids are in use). */
  readonly settings: SetupSettings;
  /** The side's points (§21). */
  readonly points: number;
}

export interface ParsedMiniSetup extends SubmissionCommon {
  readonly setup: MiniSetup;
}

export type MiniSetupOutcome =
  { ok: true; value: ParsedMiniSetup } | { ok: false; errors: OrdersProblem[]; partial: ParsedMiniSetup };

/** Every code this module reports (§21); the shared frame adds its own. */
export const SETUP_CODES = [
  'DESIGN_FORMAT',
  'DESIGN_VALUE',
  'SPECIAL_UNKNOWN',
  'SPECIAL_COMBINATION',
  'UNIT_FORMAT',
  'DESIGN_UNKNOWN',
  'UNIT_SIZE',
  'COMMAND_TWICE',
  'PIECE_ID',
  'ID_IN_USE',
  'OVER_BUDGET',
  'PLACE_ZONE',
  'PLACE_STACK',
  'PLACE_TERRAIN',
  'COHERENCY',
  'RESERVE_REQUIRED',
  'RESERVE_NOT_ALLOWED',
  'OBJECTIVE_COUNT',
  'OBJECTIVE_ZONE',
  'OBJECTIVE_SPACING',
  'HEX_FORMAT',
] as const;

export const DESIGN_SYNTAX =
  'DESIGN <name> <type> MV<cm> RG<cm> TH<n|-> SV<n|-> PW<n> AR<n> MO<n|-> [SP <codes>] [COMMAND]';
export const UNIT_SYNTAX =
  'UNIT <id> <design>[*<count>]… AT <hex>… FACE <direction>, or UNIT <id> <design>[*<count>]… RESERVE';

/** The seven stats in the order a DESIGN line gives them, with their prefix and the "-" value where there is one. */
const STAT_FIELDS = [
  { prefix: 'MV', stat: 'move', dash: null },
  { prefix: 'RG', stat: 'range', dash: null },
  { prefix: 'TH', stat: 'toHit', dash: 7 },
  { prefix: 'SV', stat: 'save', dash: 7 },
  { prefix: 'PW', stat: 'power', dash: null },
  { prefix: 'AR', stat: 'armor', dash: null },
  { prefix: 'MO', stat: 'morale', dash: 1 },
] as const;

const DESIGN_NAME = /^[A-Za-z][A-Za-z0-9]{0,19}$/;

class SetupReading {
  readonly designs: NamedDesign[] = [];
  readonly designLines = new Map<string, number>();
  /** Names of DESIGN lines that had problems (already reported): units naming them are not checked further. */
  readonly failedDesigns = new Set<string>();
  readonly units: { unit: SetupUnitLine; line: number }[] = [];
  readonly objectives: { hex: Hex; line: number }[] = [];
  constructor(readonly ctx: MiniSetupContext) {}
  setup(): MiniSetup {
    return {
      designs: this.designs,
      units: this.units.map((u) => u.unit),
      objectives: this.objectives.map((o) => o.hex),
    };
  }
}

const syntax = (code: string, message: string) => ({ code, message });

function readStat(
  r: Reading,
  line: number,
  word: string | undefined,
  field: (typeof STAT_FIELDS)[number],
): number | null {
  const w = keyword(word);
  if (!w.startsWith(field.prefix)) {
    r.report(
      line,
      syntax(
        'DESIGN_FORMAT',
        `${word === undefined ? `${field.prefix} is missing` : `"${show(word)}" is not ${field.prefix}<n>`}: write ${DESIGN_SYNTAX}`,
      ),
    );
    return null;
  }
  const text = w.slice(field.prefix.length);
  const limits = STAT_LIMITS[field.stat];
  if (text === '-' && field.dash !== null) return field.dash;
  const value = /^\d{1,4}$/.test(text) ? Number(text) : NaN;
  if (Number.isNaN(value)) {
    r.report(
      line,
      syntax(
        'DESIGN_FORMAT',
        `"${show(word!)}": ${field.prefix} takes a whole number${field.dash === null ? '' : ' or -'}: write ${DESIGN_SYNTAX}`,
      ),
    );
    return null;
  }
  if (value < limits.min || value > limits.max || value % limits.step !== 0) {
    r.report(
      line,
      syntax(
        'DESIGN_VALUE',
        `${field.prefix}${value} is out of bounds: ${field.prefix} is ${limits.min} to ${limits.max}${limits.step === 1 ? '' : `, a multiple of ${limits.step} (cm)`}${field.dash === null ? '' : ` (${field.prefix}- for none)`}`,
      ),
    );
    return null;
  }
  return value;
}

function readDesign(c: SetupReading, r: Reading, line: number, ws: readonly string[]): string | undefined {
  const before = r.problemCount;
  readDesignLine(c, r, line, ws);
  if (r.problemCount > before && ws[1] !== undefined && !c.designLines.has(ws[1].toUpperCase()))
    c.failedDesigns.add(ws[1].toUpperCase());
  return undefined;
}

function readDesignLine(c: SetupReading, r: Reading, line: number, ws: readonly string[]): undefined {
  const name = ws[1];
  if (name === undefined || !DESIGN_NAME.test(name) || isReserved(name)) {
    r.report(
      line,
      syntax(
        'DESIGN_FORMAT',
        `${name === undefined ? 'the design name is missing' : `"${show(name)}" is not a design name`}: a name is 1 to 20 letters or digits, starting with a letter, and not a keyword; write ${DESIGN_SYNTAX}`,
      ),
    );
    return undefined;
  }
  const before = c.designLines.get(name.toUpperCase());
  if (before !== undefined) {
    r.report(
      line,
      syntax('DESIGN_FORMAT', `design ${name} is already defined on line ${before}: give each design once`),
    );
    return undefined;
  }
  const typeWord = ws[2]?.toLowerCase();
  if (typeWord === undefined) {
    r.report(line, syntax('DESIGN_FORMAT', `the type is missing: write ${DESIGN_SYNTAX}`));
    return undefined;
  }
  let ok = true;
  if (!(ELEMENT_TYPES as readonly string[]).includes(typeWord)) {
    r.report(
      line,
      syntax('DESIGN_VALUE', `"${show(ws[2]!)}" is not a type: one of ${ELEMENT_TYPES.join(', ').toUpperCase()}`),
    );
    ok = false;
  }
  const stats: Record<string, number> = {};
  STAT_FIELDS.forEach((f, i) => {
    const v = readStat(r, line, ws[3 + i], f);
    if (v === null) ok = false;
    else stats[f.stat] = v;
  });
  if (!ok) return undefined;
  let rest = ws.slice(10);
  let command = false;
  if (keyword(rest.at(-1)) === 'COMMAND') {
    command = true;
    rest = rest.slice(0, -1);
  }
  let special: string[] = [];
  if (rest.length > 0) {
    if (keyword(rest[0]) !== 'SP' || rest.length === 1) {
      r.report(
        line,
        syntax(
          'DESIGN_FORMAT',
          `"${show(rest.join(' '), 40)}" is out of place: after MO<n> come SP <codes> and COMMAND; write ${DESIGN_SYNTAX}`,
        ),
      );
      return undefined;
    }
    special = rest.slice(1).map(spellCode);
  }
  const { unknown, combination } = parseCodes(special);
  for (const m of unknown) r.report(line, syntax('SPECIAL_UNKNOWN', m));
  for (const m of combination) r.report(line, syntax('SPECIAL_COMBINATION', m));
  if (unknown.length + combination.length > 0) return undefined;
  c.designLines.set(name.toUpperCase(), line);
  c.designs.push({
    name,
    design: {
      type: typeWord as ElementType,
      command,
      move: stats.move!,
      range: stats.range!,
      toHit: stats.toHit!,
      save: stats.save!,
      power: stats.power!,
      armor: stats.armor!,
      morale: stats.morale!,
      special,
    },
  });
  return undefined;
}

/** The ids already in use: every unit and element of the game, and the units read so far (§3.3). */
function idsInUse(c: SetupReading): Set<string> {
  const ids = new Set<string>();
  for (const u of c.ctx.settings.units) {
    ids.add(u.id.toUpperCase());
    for (const e of u.elements) ids.add(e.id.toUpperCase());
  }
  for (const { unit } of c.units) {
    ids.add(unit.id.toUpperCase());
    const n = unit.parts.reduce((s, p) => s + p.count, 0);
    for (const id of elementIds(unit.id, n)) ids.add(id.toUpperCase());
  }
  return ids;
}

function readUnit(c: SetupReading, r: Reading, line: number, ws: readonly string[]): string | undefined {
  const id = ws[1];
  if (id === undefined || !PIECE_ID.test(id) || id.length > 11 || isReserved(id)) {
    r.report(
      line,
      syntax(
        'PIECE_ID',
        `${id === undefined ? 'the unit id is missing' : `"${show(id)}" cannot be a unit id`}: a unit id is 1 to 11 letters or digits (its elements add a, b, c …), and not a keyword or direction`,
      ),
    );
    return undefined;
  }
  let i = 2;
  const parts: { design: string; count: number }[] = [];
  while (i < ws.length && !['AT', 'RESERVE'].includes(keyword(ws[i]))) {
    const m = /^([A-Za-z][A-Za-z0-9]{0,19})(?:\*(\d{1,3}))?$/.exec(ws[i]!);
    if (!m || (m[2] !== undefined && Number(m[2]) < 1)) {
      r.report(
        line,
        syntax('UNIT_FORMAT', `"${show(ws[i]!)}" is not <design> or <design>*<count>: write ${UNIT_SYNTAX}`),
      );
      return undefined;
    }
    parts.push({ design: m[1]!, count: m[2] === undefined ? 1 : Number(m[2]) });
    i += 1;
  }
  if (parts.length === 0) {
    r.report(line, syntax('UNIT_FORMAT', `no design given: write ${UNIT_SYNTAX}`));
    return undefined;
  }
  const size = parts.reduce((s, p) => s + p.count, 0);
  const how = keyword(ws[i]);
  let placement: SetupUnitLine['placement'];
  if (how === 'RESERVE') {
    if (ws.length > i + 1) {
      r.report(line, syntax('UNIT_FORMAT', `nothing follows RESERVE: write ${UNIT_SYNTAX}`));
      return undefined;
    }
    placement = { kind: 'reserve' };
  } else if (how === 'AT') {
    const hexes: Hex[] = [];
    let j = i + 1;
    while (j < ws.length && keyword(ws[j]) !== 'FACE') {
      const h = parseHex(ws[j]!);
      if (!h.ok) {
        r.report(line, syntax('UNIT_FORMAT', `${h.error.message}; write ${UNIT_SYNTAX}`));
        return undefined;
      }
      hexes.push(h.value);
      j += 1;
    }
    const face = keyword(ws[j + 1]);
    if (
      hexes.length === 0 ||
      hexes.length > size ||
      j !== ws.length - 2 ||
      !(DIRECTIONS as readonly string[]).includes(face)
    ) {
      const why =
        hexes.length === 0
          ? 'no hex after AT'
          : hexes.length > size
            ? `${hexes.length} hexes for ${size} elements (one hex each at most; the last repeats)`
            : 'FACE <direction> must end the line (N NE SE S SW NW)';
      r.report(line, syntax('UNIT_FORMAT', `${why}: write ${UNIT_SYNTAX}`));
      return undefined;
    }
    const last = hexes.at(-1)!;
    placement = {
      kind: 'at',
      hexes: Array.from({ length: size }, (_, k) => hexes[k] ?? last),
      facing: face as Direction,
    };
  } else {
    r.report(line, syntax('UNIT_FORMAT', `AT or RESERVE is missing: write ${UNIT_SYNTAX}`));
    return undefined;
  }
  // Designs are matched in any case and spelled as defined; an unknown one is reported when all are read.
  const unit: SetupUnitLine = {
    id,
    parts: parts.map((p) => ({
      design: c.designs.find((d) => d.name.toUpperCase() === p.design.toUpperCase())?.name ?? p.design,
      count: p.count,
    })),
    placement,
  };
  const inUse = idsInUse(c);
  const clash = [id, ...elementIds(id, Math.min(size, 26))].find((x) => inUse.has(x.toUpperCase()) || isReserved(x));
  if (clash !== undefined) {
    r.report(
      line,
      syntax(
        isReserved(clash) ? 'PIECE_ID' : 'ID_IN_USE',
        isReserved(clash)
          ? `unit ${id}'s element ${clash} would be a keyword: choose another unit id`
          : `${clash} is already used in this game: unit and element ids are unique together`,
      ),
    );
    return undefined;
  }
  c.units.push({ unit, line });
  return id;
}

function readObjectives(c: SetupReading, r: Reading, line: number, ws: readonly string[]): string | undefined {
  if (ws.length < 2) {
    r.report(line, syntax('OBJECTIVE_COUNT', 'OBJECTIVE with no hex: write OBJECTIVE <hex>…'));
    return undefined;
  }
  const hexes: Hex[] = [];
  for (const w of ws.slice(1)) {
    const h = parseHex(w);
    if (!h.ok) {
      r.report(line, h.error);
      return undefined;
    }
    hexes.push(h.value);
  }
  for (const hex of hexes) c.objectives.push({ hex, line });
  return undefined;
}

/** The designs a UNIT line names, expanded to one per element; null if one is unknown (reported). */
function unitDesigns(c: SetupReading, r: Reading, u: SetupUnitLine, line: number): ElementDesign[] | null {
  const out: ElementDesign[] = [];
  for (const p of u.parts) {
    const d = c.designs.find((x) => x.name === p.design);
    if (d === undefined && c.failedDesigns.has(p.design.toUpperCase())) return null;
    if (d === undefined) {
      const names = c.designs.map((x) => x.name);
      r.report(
        line,
        syntax(
          'DESIGN_UNKNOWN',
          `no DESIGN line defines "${show(p.design)}"${names.length > 0 ? `: the designs are ${names.join(', ')}` : ': define it with a DESIGN line'}`,
        ),
      );
      return null;
    }
    for (let k = 0; k < p.count; k++) out.push(d.design);
  }
  return out;
}

/** The rules' checks (§21), each problem on its line. */
function checkSetup(c: SetupReading, r: Reading): void {
  const { settings, side, points } = c.ctx;
  const stacked = stackedBefore(settings, side);
  let spent = 0;
  let over = false;
  for (const { unit, line } of c.units) {
    const size = unit.parts.reduce((t, part) => t + part.count, 0);
    if (size > MAX_UNIT_SIZE) {
      r.report(line, syntax('UNIT_SIZE', `unit ${unit.id} has ${size} elements: a unit has 1 to ${MAX_UNIT_SIZE}`));
      continue;
    }
    const elements = unitDesigns(c, r, unit, line);
    if (elements === null) continue;
    const ruled: SetupUnit = { id: unit.id, elements, placement: unit.placement };
    for (const e of setupUnitProblems(settings, side, ruled, stacked)) r.report(line, e);
    spent += elements.reduce((s, e) => s + elementCost(e).cost, 0);
    if (spent > points && !over) {
      over = true;
      r.report(
        line,
        syntax('OVER_BUDGET', `with unit ${unit.id} the force costs ${spent} points: your side has ${points}`),
      );
    }
  }
  const objectiveLine = c.objectives[0]?.line ?? null;
  for (const e of objectiveProblems(
    settings,
    side,
    c.objectives.map((o) => o.hex),
  ))
    r.report(objectiveLine, e);
}

/** Reads and checks a side's setup (§21). */
export function parseMiniSetup(text: string, ctx: MiniSetupContext): MiniSetupOutcome {
  const c = new SetupReading(ctx);
  const r = readSubmission(
    text,
    { gameId: ctx.gameId, turn: 0, side: ctx.side, sides: ctx.settings.sides },
    {
      keywords: SETUP_KEYWORDS,
      empty:
        'no setup found: write DESIGN lines, then UNIT lines (and OBJECTIVE for a defender), then END; send HELP for instructions',
      read(reading, line, ws, head) {
        if (head === 'DESIGN') return readDesign(c, reading, line, ws);
        if (head === 'UNIT') return readUnit(c, reading, line, ws);
        return readObjectives(c, reading, line, ws);
      },
    },
  );
  // The rules' checks run on every line that was read, so that one answer lists every problem.
  if (!r.full) checkSetup(c, r);
  const value: ParsedMiniSetup = { ...r.value, setup: c.setup() };
  return r.problems.length === 0 ? { ok: true, value } : { ok: false, errors: r.problems, partial: value };
}

/** The setup's units for the rules: designs expanded, ids given (§21). */
export function setupUnitsOf(setup: MiniSetup): SetupUnit[] {
  return setup.units.map((u) => ({
    id: u.id,
    elements: u.parts.flatMap((p) => {
      const d = setup.designs.find((x) => x.name === p.design)!.design;
      return Array.from({ length: p.count }, () => d);
    }),
    placement: u.placement,
  }));
}
