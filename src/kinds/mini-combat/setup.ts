/**
 * A Mini Combat battle's setup phase (rules-mini-combat.md §21): each side
 * sends its army list — designs, units and where they stand, and a
 * defender's objectives — in one setup, by mail in the setup language or as a
 * document from the web; both are checked by the same code. A side without a
 * setup at the deadline gets the default force, placed by the default
 * placement, and the default objectives. Turn 1 starts with both sides'
 * units, hidden from each other until then.
 */
import { z } from 'zod';
import { formatHex, parseHex } from '../../rules/hex.ts';
import { defaultForce, libraryDesign, type LibraryUnit } from '../../rules/mini-combat/library.ts';
import { setupToUnits, startsInReserve, forward } from '../../rules/mini-combat/setup.ts';
import { mayEndIn, terrainAt } from '../../rules/mini-combat/terrain.ts';
import { ELEMENT_TYPES, type MiniPosition } from '../../rules/mini-combat/types.ts';
import { ok } from '../../rules/result.ts';
import { DIRECTIONS, type Hex } from '../../rules/types.ts';
import {
  formatMiniSetup,
  parseMiniSetup,
  setupUnitsOf,
  type MiniSetup,
  type NamedDesign,
  type SetupUnitLine,
} from '../../orders/mini-combat/index.ts';
import { DamagedDocumentError, type SetupCheck, type SetupContext, type SetupParse, type SetupPhase } from '../kind.ts';
import {
  MINI_SIDES,
  emptyPosition,
  miniSettingsSchema,
  pointsOf,
  zoneOrder,
  zonesOf,
  type MiniSettings,
} from './settings.ts';

const settingsOf = (raw: unknown) => raw as MiniSettings;

const hexText = z.string().regex(/^\d{4}$/, 'a hex is four digits CCRR, e.g. 0912');
const designSchema = z.strictObject({
  type: z.enum(ELEMENT_TYPES),
  command: z.boolean(),
  move: z.number().int(),
  range: z.number().int(),
  toHit: z.number().int(),
  save: z.number().int(),
  power: z.number().int(),
  armor: z.number().int(),
  morale: z.number().int(),
  special: z.array(z.string().max(20)).max(20),
});

/** A setup as stored and as the web and the API send it: the setup language's lines as JSON. */
export const miniSetupSchema = z.strictObject({
  designs: z.array(z.strictObject({ name: z.string().min(1).max(40), design: designSchema })).max(100),
  units: z
    .array(
      z.strictObject({
        id: z.string().min(1).max(40),
        parts: z
          .array(z.strictObject({ design: z.string().min(1).max(40), count: z.number().int().min(1).max(26) }))
          .min(1)
          .max(26),
        placement: z.discriminatedUnion('kind', [
          z.strictObject({
            kind: z.literal('at'),
            hexes: z.array(hexText).min(1).max(26),
            facing: z.enum(DIRECTIONS),
          }),
          z.strictObject({ kind: z.literal('reserve') }),
        ]),
      }),
    )
    .max(200),
  objectives: z.array(hexText).max(8),
});
type StoredSetup = z.output<typeof miniSetupSchema>;

const hexOf = (text: string): Hex => {
  const h = parseHex(text);
  return h.ok ? h.value : { col: 0, row: 0 };
};

function fromStored(d: StoredSetup): MiniSetup {
  return {
    designs: d.designs.map((x) => ({ name: x.name, design: x.design })),
    units: d.units.map((u) => ({
      id: u.id,
      parts: u.parts,
      placement:
        u.placement.kind === 'reserve'
          ? { kind: 'reserve' as const }
          : { kind: 'at' as const, hexes: u.placement.hexes.map(hexOf), facing: u.placement.facing },
    })),
    objectives: d.objectives.map(hexOf),
  };
}

export function writeMiniSetup(setup: MiniSetup): StoredSetup {
  return {
    designs: setup.designs.map((d) => ({ name: d.name, design: { ...d.design, special: [...d.design.special] } })),
    units: setup.units.map((u) => ({
      id: u.id,
      parts: u.parts.map((p) => ({ ...p })),
      placement:
        u.placement.kind === 'reserve'
          ? { kind: 'reserve' as const }
          : { kind: 'at' as const, hexes: u.placement.hexes.map(formatHex), facing: u.placement.facing },
    })),
    objectives: setup.objectives.map(formatHex),
  };
}

export function readMiniSetup(doc: unknown): MiniSetup {
  const r = miniSetupSchema.safeParse(doc);
  if (!r.success) throw new DamagedDocumentError('Mini Combat setup', r.error.message);
  return fromStored(r.data);
}

/** The id prefix of a side's default units: R1, R2 … for red, B1 … for blue. */
const unitPrefix = (side: string) => side.charAt(0).toUpperCase();

/**
 * The default placement (§21): units in order, elements in order, each in the first hex of the zone's order where
 * it may be placed — where it could end a move, with fewer than the stack limit of the side's elements — facing the
 * side's forward direction. Units that drop or teleport stay in reserve.
 */
export function placeByDefault(p: MiniPosition, side: string, units: readonly LibraryUnit[]): SetupUnitLine[] {
  const order = zoneOrder(p, side);
  const stacked = new Map<string, number>();
  return units.map((u, i) => {
    const id = `${unitPrefix(side)}${i + 1}`;
    const designs = u.parts.flatMap((part) =>
      Array.from({ length: part.count }, () => libraryDesign(part.design).design),
    );
    if (startsInReserve(designs)) return { id, parts: u.parts, placement: { kind: 'reserve' } };
    const hexes = designs.map((d) => {
      const h =
        order.find(
          (x) =>
            mayEndIn({ ...d, landed: false }, terrainAt(p, x)) && (stacked.get(formatHex(x)) ?? 0) < p.options.stack,
        ) ?? order[0]!;
      stacked.set(formatHex(h), (stacked.get(formatHex(h)) ?? 0) + 1);
      return h;
    });
    return { id, parts: u.parts, placement: { kind: 'at', hexes, facing: forward(p, side) } };
  });
}

/** The designs a list of library units uses, each once, in the order they first appear. */
function designsOf(units: readonly LibraryUnit[]): NamedDesign[] {
  const names = [...new Set(units.flatMap((u) => u.parts.map((p) => p.design)))];
  return names.map((name) => ({ name, design: libraryDesign(name).design }));
}

/** The default setup of a side (§21): the default force for its points, placed by default; a defender's objectives. */
export function defaultMiniSetup(p: MiniPosition, side: string, points: number): MiniSetup {
  const force = defaultForce(points);
  return {
    designs: designsOf(force),
    units: placeByDefault(p, side, force),
    objectives: p.battle.type === 'defensive' && p.battle.defender === side ? [...p.battle.objectives] : [],
  };
}

const setupContext = (at: SetupContext<MiniPosition>) => ({
  gameId: at.gameId,
  side: at.side,
  settings: at.state,
  points: pointsOf(settingsOf(at.settings), at.side),
});

/** The comment lines a setup block opens with: how the lines read, the side's points, zone and task. */
function setupComments(at: SetupContext<MiniPosition>): string[] {
  const p = at.state;
  const s = settingsOf(at.settings);
  const zone = zonesOf(p)[at.side]!;
  const rows = `rows ${zone.fromRow}–${zone.toRow}`;
  const lines = [
    '# DESIGN <name> <type> MV<cm> RG<cm> TH<n|-> SV<n|-> PW<n> AR<n> MO<n|->',
    '#   [SP <codes>] [COMMAND]   types: infantry cavalry vehicle mecha creature',
    '#   structure',
    '# UNIT <id> <design>[*<count>]… AT <hex>… FACE <dir>  (one hex an element,',
    '#   the last repeating), or … RESERVE for units that drop or teleport',
    `# Your points: ${pointsOf(s, at.side)}. Your zone: ${rows}, the whole width.`,
    `# At most ${p.options.stack} of your elements a hex; a unit's elements in one chain.`,
    '# Scout units may stand anywhere outside the enemy zone, hidden.',
  ];
  if (p.battle.type === 'defensive')
    lines.push(
      at.side === p.battle.defender
        ? '# You defend: OBJECTIVE <8 hexes> in your zone, each 6 or more hexes apart.'
        : `# You attack: hold ${p.battle.control} of the defender's 8 objectives at a turn's end.`,
    );
  lines.push('# Below: a ready force within your points. Edit it, or send it as it is.');
  return lines;
}

/** A setup block (§21): with the side's setup in, that setup; else the default one, ready to edit or send. */
export function miniSetupBlock(at: SetupContext<MiniPosition>, current?: unknown): string {
  const s = settingsOf(at.settings);
  const setup =
    current === undefined || current === null
      ? defaultMiniSetup(at.state, at.side, pointsOf(s, at.side))
      : (current as MiniSetup);
  const text = formatMiniSetup(setup, { gameId: at.gameId }).trimEnd().split('\n');
  return `${[text[0]!, ...setupComments(at), ...text.slice(1)].join('\n')}\n`;
}

function parseSetup(text: string, at: SetupContext<MiniPosition>): SetupParse {
  const parsed = parseMiniSetup(text, setupContext(at));
  if (!parsed.ok) return { ok: false, errors: parsed.errors };
  const { setup, message, commands, notes } = parsed.value;
  const hasOrders = setup.designs.length + setup.units.length + setup.objectives.length > 0;
  return { ok: true, setup, message, commands, hasOrders, notes };
}

/** A setup sent as a document (the army-list page, the API): read, then checked as its text would be. */
function readSetupDocument(doc: unknown, at: SetupContext<MiniPosition>): SetupCheck {
  const r = miniSetupSchema.safeParse(doc);
  if (!r.success)
    return {
      ok: false,
      how: 'unreadable',
      code: 'SETUP_FORMAT',
      message: `not a Mini Combat setup: ${r.error.issues
        .slice(0, 5)
        .map((i) => `${i.path.join('.') || 'setup'}: ${i.message}`)
        .join('; ')}`,
      problems: [],
    };
  const setup = fromStored(r.data);
  const parsed = parseMiniSetup(formatMiniSetup(setup, { gameId: at.gameId }), setupContext(at));
  if (parsed.ok) return { ok: true, setup: parsed.value.setup };
  return {
    ok: false,
    how: 'rejected',
    code: parsed.errors[0]!.code,
    message: parsed.errors.map((e) => e.message).join('; '),
    problems: parsed.errors.map((e) => ({ code: e.code, message: e.message, line: null })),
  };
}

/** Turn 1's position (§21): both sides' units from their setups, in side order; the defender's objectives. */
function start(
  state: MiniPosition,
  setups: ReadonlyMap<string, unknown>,
  settings: unknown,
): { state: MiniPosition; notes: Record<string, string[]> } {
  const s = settingsOf(settings);
  const notes: Record<string, string[]> = {};
  let battle = state.battle;
  const units = state.sides.flatMap((side) => {
    const given = setups.get(side) as MiniSetup | null | undefined;
    const setup = given ?? defaultMiniSetup(state, side, pointsOf(s, side));
    if (given === undefined || given === null)
      notes[side] = [
        'No army list came in by the deadline: your side fights with the default force, placed by default.',
      ];
    if (battle.type === 'defensive' && battle.defender === side && setup.objectives.length > 0)
      battle = { ...battle, objectives: [...setup.objectives] };
    return setupToUnits(side, setupUnitsOf(setup));
  });
  return { state: { ...state, battle, units }, notes };
}

export const miniSetup: SetupPhase<MiniPosition> = {
  settingsSchema: miniSettingsSchema,
  serviceSettings(raw) {
    const s = settingsOf(raw);
    const zones = zonesOf(emptyPosition(s));
    return {
      sides: MINI_SIDES.map((id) => ({ id, name: id === 'red' ? 'Red' : 'Blue' })),
      map: s.map,
      turnHours: s.turnHours,
      setupHours: s.setupHours,
      turnLimit: s.turnLimit,
      noOrders: 'standing',
      ...(s.battle === 'standard' ? { budget: s.points } : {}),
      zones,
    };
  },
  sidesThatSetUp: () => MINI_SIDES,
  initialState: (settings) => ok(emptyPosition(settingsOf(settings))),
  readSetup: readMiniSetup,
  writeSetup: (setup) => writeMiniSetup(setup as MiniSetup),
  parseSetup,
  readSetupDocument,
  formatSetup: (setup, at) => formatMiniSetup(setup as MiniSetup, { gameId: at.gameId }),
  setupBlock: miniSetupBlock,
  defaultSetup: (at) => defaultMiniSetup(at.state, at.side, pointsOf(settingsOf(at.settings), at.side)),
  start,
};
