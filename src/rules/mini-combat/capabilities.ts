/**
 * The capabilities (rules-mini-combat.md §12) as data: one record per code,
 * with its seed name, its exclusive group (§12.3), its cost rule (§11,
 * Appendix B) and what it does on hexes. The small predicates below the table
 * are the only places the rest of the rules ask what an element can do, so a
 * reader looking for "what does Stealth do" starts at its record and finds
 * every use of it through `has(…, 'St')`.
 */
import { err, ok, type Result } from '../result.ts';
import type { Element, ElementDesign, ElementType } from './types.ts';

/** A capability as a code names it: `T3` is the key `T` with n = 3, `Den:St` the key `Den` denying `St`. */
export interface CapabilityCode {
  readonly key: CapabilityKey;
  /** T<n>, MW<n>. */
  readonly n?: number;
  /** Den:X. */
  readonly denies?: DeniableKey;
}

/** What a cost rule sees: the design, and the code being costed. */
export interface CostContext {
  readonly design: ElementDesign;
  readonly code: CapabilityCode;
  /** Every code of the design, parsed. */
  readonly codes: readonly CapabilityCode[];
}

/** A code's share of the cost (§11): a percentage added to the others, or a separate multiplier. */
export type CostRule =
  | { readonly kind: 'percent'; readonly percent: (c: CostContext) => { value: number; note?: string } }
  | { readonly kind: 'multiplier'; readonly num: number; readonly den: number };

/** Every capability's key, in the table's order (§12.1, §11). */
export const CAPABILITY_KEYS = [
  '5c',
  '10c',
  'Bmb',
  'Cone',
  'Amph',
  'Ch',
  'Den',
  'Drp',
  'DrpS',
  'Tel',
  'TelS',
  'Fly',
  'JJ',
  'Sk',
  'Eth',
  'Feot',
  'FA',
  'Heal',
  'Heal4',
  'Rep',
  'Rep4',
  'IC',
  'IF',
  'Ins',
  'LFA',
  'RsFA',
  'RdFA',
  'LM',
  'RsM',
  'RdM',
  'MA',
  'MoF',
  'MW',
  'OS',
  'Org',
  'Rec',
  'Sc',
  'Se',
  'SS',
  'St',
  'Sub',
  'T',
  'WB',
] as const;
export type CapabilityKey = (typeof CAPABILITY_KEYS)[number];

export interface Capability {
  readonly key: CapabilityKey;
  /** How the code is written, `T<n>` for the numbered ones. */
  readonly form: string;
  /** The seed's name. */
  readonly name: string;
  /** Codes of one group are exclusive (§12.3). */
  readonly group: string | null;
  readonly cost: CostRule;
  /** What it does on hexes, with the sections that apply it. */
  readonly rule: string;
}

const pct = (value: number): CostRule => ({ kind: 'percent', percent: () => ({ value }) });

const hasManoeuvrability = (c: CostContext): boolean => c.codes.some((x) => MANOEUVRABILITY.includes(x.key));

/** A fire-arc code: its full value with a manoeuvrability code, else half (§11, Ruling "Fire arcs"). */
const fireArcCost = (full: number): CostRule => ({
  kind: 'percent',
  percent: (c) =>
    hasManoeuvrability(c) ? { value: full } : { value: full / 2, note: 'half: no manoeuvrability code (RdM, RsM, LM)' },
});

const TABLE: readonly Capability[] = [
  {
    key: '5c',
    form: '5c',
    name: '5 cm blast template',
    group: 'template',
    cost: pct(25),
    rule: "attacks with a template on the target's hex, friend and foe (§10.8)",
  },
  {
    key: '10c',
    form: '10c',
    name: '10 cm blast template',
    group: 'template',
    cost: pct(50),
    rule: "attacks with a template on the target's hex and its six neighbours (§10.8)",
  },
  {
    key: 'Bmb',
    form: 'Bmb',
    name: 'Bombardment',
    group: 'template',
    cost: pct(100),
    rule: 'a 10 cm template; −2 Armor to everything it affects (§10.7, §10.8)',
  },
  {
    key: 'Cone',
    form: 'Cone',
    name: 'Cone template',
    group: 'template',
    cost: pct(25),
    rule: 'attacks two hexes along a straight hex line (§10.9)',
  },
  {
    key: 'Amph',
    form: 'Amph',
    name: 'Amphibious',
    group: null,
    cost: pct(20),
    rule: 'may enter water; never fords a river (§8.2, §8.4)',
  },
  {
    key: 'Ch',
    form: 'Ch',
    name: 'Charge',
    group: null,
    cost: pct(15),
    rule: "+1 to hit in melee in the activation it moved into the target's hex (§10.5)",
  },
  {
    key: 'Den',
    form: 'Den:X',
    name: 'Deny capability',
    group: null,
    cost: { kind: 'percent', percent: (c) => denyCost(c) },
    rule: 'denies capability X of enemy elements (§12.4)',
  },
  {
    key: 'Drp',
    form: 'Drp',
    name: 'Drop capable',
    group: 'placement',
    cost: pct(40),
    rule: 'starts in reserve; placed in the drop phase (§15)',
  },
  {
    key: 'DrpS',
    form: 'DrpS',
    name: 'Drop capable (scatters)',
    group: 'placement',
    cost: pct(20),
    rule: 'as Drp, and scatters when placed (§13.3, §15)',
  },
  {
    key: 'Tel',
    form: 'Tel',
    name: 'Teleport or burrowing',
    group: 'placement',
    cost: pct(60),
    rule: 'starts in reserve; teleports once in the instant phase (every turn if Ethereal) (§14)',
  },
  {
    key: 'TelS',
    form: 'TelS',
    name: 'Teleport or burrowing (scatters)',
    group: 'placement',
    cost: pct(40),
    rule: 'as Tel, and scatters when placed (§13.3, §14)',
  },
  {
    key: 'Fly',
    form: 'Fly',
    name: 'Flying',
    group: 'mover',
    cost: pct(25),
    rule: 'airborne unless landed: enters any hex, +5 cm to the range of attacks on it, no cover, LOS never blocked, no road bonus (§8.2, §9.1, §10.1, §10.6, §12.1)',
  },
  {
    key: 'JJ',
    form: 'JJ',
    name: 'Jump jet',
    group: 'mover',
    cost: pct(25),
    rule: 'passes through any hex and any enemy, ends where a ground element could; no road bonus (§8.2, §8.5, §8.6)',
  },
  {
    key: 'Sk',
    form: 'Sk',
    name: 'Skimmer',
    group: 'mover',
    cost: pct(25),
    rule: 'enters any hex; stopped by contact; no road bonus (§8.2)',
  },
  {
    key: 'Eth',
    form: 'Eth',
    name: 'Ethereal',
    group: 'mover',
    cost: pct(25),
    rule: 'enters any hex, passes through enemies, no road bonus; with a Teleport code teleports every turn (§8.2, §8.5, §14)',
  },
  {
    key: 'Feot',
    form: 'Feot',
    name: 'Fires every other turn',
    group: null,
    cost: { kind: 'multiplier', num: 1, den: 2 },
    rule: 'may not attack in a turn after one in which it attacked (§10.10)',
  },
  {
    key: 'FA',
    form: 'FA',
    name: 'Full armor',
    group: null,
    cost: {
      kind: 'percent',
      percent: (c) =>
        c.design.type === 'infantry' ? { value: 0, note: 'free: infantry always have it' } : { value: 20 },
    },
    rule: 'no −1 Armor from the rear; every infantry element has it free (§10.4)',
  },
  {
    key: 'Heal',
    form: 'Heal',
    name: 'Heal',
    group: 'heal',
    cost: pct(200),
    rule: 'restores one infantry, cavalry or creature element a turn within 2 hexes (§17)',
  },
  {
    key: 'Heal4',
    form: 'Heal4',
    name: 'Heal (4+)',
    group: 'heal',
    cost: pct(100),
    rule: 'as Heal, succeeding on a 4+ (§17)',
  },
  {
    key: 'Rep',
    form: 'Rep',
    name: 'Repair',
    group: 'repair',
    cost: pct(200),
    rule: 'restores one vehicle, mecha or structure element a turn within 2 hexes (§17)',
  },
  {
    key: 'Rep4',
    form: 'Rep4',
    name: 'Repair (4+)',
    group: 'repair',
    cost: pct(100),
    rule: 'as Repair, succeeding on a 4+ (§17)',
  },
  {
    key: 'IC',
    form: 'IC',
    name: 'Ignores cover',
    group: null,
    cost: pct(50),
    rule: 'the target gets no cover save unless it denies it (§10.6)',
  },
  {
    key: 'IF',
    form: 'IF',
    name: 'Indirect fire',
    group: null,
    cost: pct(25),
    rule: 'needs no LOS; −1 to hit without LOS unless a Recon element sees the target; no rear effects without LOS (§10.3–§10.5)',
  },
  {
    key: 'Ins',
    form: 'Ins',
    name: 'Insubstantial',
    group: null,
    cost: pct(10),
    rule: 'when ordered, for a whole turn: cannot attack or be attacked or seen, moves as a special mover (§12.1)',
  },
  {
    key: 'LFA',
    form: 'LFA',
    name: 'Limited fire arc',
    group: 'fireArc',
    cost: fireArcCost(-30),
    rule: 'attacks only into its front 90° (§1.1, §10.3)',
  },
  {
    key: 'RsFA',
    form: 'RsFA',
    name: 'Restricted fire arc',
    group: 'fireArc',
    cost: fireArcCost(-20),
    rule: 'attacks only into its front 180° (§1.1, §10.3)',
  },
  {
    key: 'RdFA',
    form: 'RdFA',
    name: 'Reduced fire arc',
    group: 'fireArc',
    cost: fireArcCost(-10),
    rule: 'attacks only into its front 270° (§1.1, §10.3)',
  },
  {
    key: 'LM',
    form: 'LM',
    name: 'Limited manoeuvrability',
    group: 'manoeuvrability',
    cost: pct(-30),
    rule: 'at most 1 hexside turn a move (§8.7)',
  },
  {
    key: 'RsM',
    form: 'RsM',
    name: 'Restricted manoeuvrability',
    group: 'manoeuvrability',
    cost: pct(-20),
    rule: 'at most 2 hexside turns a move (§8.7)',
  },
  {
    key: 'RdM',
    form: 'RdM',
    name: 'Reduced manoeuvrability',
    group: 'manoeuvrability',
    cost: pct(-10),
    rule: 'at most 3 hexside turns a move (§8.7)',
  },
  { key: 'MA', form: 'MA', name: 'Melee advantage', group: null, cost: pct(25), rule: 'double Power in melee (§10.7)' },
  {
    key: 'MoF',
    form: 'MoF',
    name: 'Move or fire',
    group: null,
    cost: { kind: 'multiplier', num: 1, den: 2 },
    rule: 'may not attack in a turn in which it moved; its still bonus needs a second still turn (§10.5, §10.10)',
  },
  {
    key: 'MW',
    form: 'MW<n>',
    name: 'Multiple weapons',
    group: null,
    cost: { kind: 'percent', percent: (c) => ({ value: 80 * ((c.code.n ?? 2) - 1) }) },
    rule: 'n attacks, each choosing its target afresh (§10.11)',
  },
  {
    key: 'OS',
    form: 'OS',
    name: 'One shot',
    group: null,
    cost: { kind: 'multiplier', num: 1, den: 10 },
    rule: 'attacks in one activation of the game, only at named targets; its victory-point value is then halved (§10.2, §10.10, §20.1)',
  },
  {
    key: 'Org',
    form: 'Org',
    name: 'Organised',
    group: null,
    cost: pct(-40),
    rule: 'the unit moves as one body and may form square (§12.2)',
  },
  {
    key: 'Rec',
    form: 'Rec',
    name: 'Recon',
    group: null,
    cost: pct(20),
    rule: 'removes the Indirect fire penalty against targets it has LOS to and can see (§10.5)',
  },
  {
    key: 'Sc',
    form: 'Sc',
    name: 'Scout',
    group: null,
    cost: pct(25),
    rule: "placed outside the enemy's zone, hidden until it moves, attacks, is contacted or denied (§9.2, §12.1, §21)",
  },
  {
    key: 'Se',
    form: 'Se',
    name: 'Sealed',
    group: null,
    cost: {
      kind: 'percent',
      percent: (c) => (c.codes.some((x) => x.key === 'Sub') ? { value: 0, note: 'free with Sub' } : { value: 20 }),
    },
    rule: 'may enter vacuum (§2, §8.2)',
  },
  {
    key: 'SS',
    form: 'SS',
    name: 'Sharpshooter',
    group: null,
    cost: pct(25),
    rule: 'double Power when shooting (§10.7)',
  },
  {
    key: 'St',
    form: 'St',
    name: 'Stealth',
    group: null,
    cost: pct(35),
    rule: 'not seen beyond 5 hexes unless it attacked this turn (§9.2)',
  },
  {
    key: 'Sub',
    form: 'Sub',
    name: 'Submersible',
    group: null,
    cost: pct(30),
    rule: 'enters water and vacuum, never fords; +1 cover in water and river; may dive out of sight (§8.2, §10.6, §12.1)',
  },
  {
    key: 'T',
    form: 'T<n>',
    name: 'Transport',
    group: null,
    cost: { kind: 'percent', percent: (c) => ({ value: 25 * (c.code.n ?? 1) }) },
    rule: 'carries n elements of its side (§13.1)',
  },
  {
    key: 'WB',
    form: 'WB',
    name: 'Water bound',
    group: null,
    cost: pct(-30),
    rule: 'enters only water and river hexes (§8.2)',
  },
];

/** Every capability, in the table's order. */
export const CAPABILITIES: readonly Capability[] = TABLE;

const BY_KEY: ReadonlyMap<string, Capability> = new Map(TABLE.map((c) => [c.key, c]));

export function capability(key: CapabilityKey): Capability {
  return BY_KEY.get(key)!;
}

const MANOEUVRABILITY: readonly string[] = ['LM', 'RsM', 'RdM'];

/** What Den:X may deny (§12.4). */
export const DENIABLE = ['Ch', 'MA', 'SS', 'IC', 'Bmb', 'Tel', 'Drp', 'St', 'Sc'] as const;
export type DeniableKey = (typeof DENIABLE)[number];

/** Den:X costs the absolute value of what it denies (§11, Ruling "Deny"). */
function denyCost(c: CostContext): { value: number; note: string } {
  const x = c.code.denies ?? 'Ch';
  const rule = capability(x).cost;
  const value = rule.kind === 'percent' ? Math.abs(rule.percent({ ...c, code: { key: x } }).value) : 0;
  return { value, note: `the absolute value of ${x}` };
}

const PLAIN_KEYS: ReadonlySet<string> = new Set(
  TABLE.filter((c) => !c.form.includes('<') && c.key !== 'Den').map((c) => c.key),
);

/** Reads one code (§12.1, §12.3, §12.4): `St`, `T3` (n 1–9), `MW2` (n 2–9), `Den:Tel`. */
export function parseCapability(text: string): Result<CapabilityCode, string> {
  if (PLAIN_KEYS.has(text)) return ok({ key: text as CapabilityKey });
  const t = /^T([1-9])$/.exec(text);
  if (t) return ok({ key: 'T', n: Number(t[1]) });
  const mw = /^MW([2-9])$/.exec(text);
  if (mw) return ok({ key: 'MW', n: Number(mw[1]) });
  const den = /^Den:(.+)$/.exec(text);
  if (den) {
    const x = den[1]!;
    if ((DENIABLE as readonly string[]).includes(x)) return ok({ key: 'Den', denies: x as DeniableKey });
    return err(`"${text}" denies nothing that can be denied: Den: takes one of ${DENIABLE.join(', ')}`);
  }
  if (/^T\d+$/.test(text)) return err(`"${text}": a Transport carries 1 to 9 elements (T1 … T9)`);
  if (/^MW\d+$/.test(text)) return err(`"${text}": Multiple weapons are 2 to 9 (MW2 … MW9)`);
  return err(`"${text}" is not a capability code: use ${TABLE.map((c) => c.form).join(', ')}`);
}

/** The code as written back. */
export function formatCapability(c: CapabilityCode): string {
  if (c.key === 'T' || c.key === 'MW') return `${c.key}${c.n}`;
  if (c.key === 'Den') return `Den:${c.denies}`;
  return c.key;
}

/**
 * Reads a design's codes and checks §12.3 within the design: each code at most
 * once, at most one of each group. Returns every problem, each a sentence.
 */
export function parseCodes(special: readonly string[]): {
  codes: CapabilityCode[];
  unknown: string[];
  combination: string[];
} {
  const codes: CapabilityCode[] = [];
  const unknown: string[] = [];
  const combination: string[] = [];
  const seen = new Set<string>();
  const groups = new Map<string, string>();
  for (const text of special) {
    const c = parseCapability(text);
    if (!c.ok) {
      unknown.push(c.error);
      continue;
    }
    const written = formatCapability(c.value);
    const same = c.value.key === 'Den' ? written : c.value.key;
    if (seen.has(same)) {
      combination.push(`"${text}" is given twice: each code at most once`);
      continue;
    }
    seen.add(same);
    const group = capability(c.value.key).group;
    if (group !== null) {
      const other = groups.get(group);
      if (other !== undefined) {
        combination.push(
          `"${other}" and "${text}" cannot be combined: at most one of ${groupMembers(group).join(' ')}`,
        );
        continue;
      }
      groups.set(group, text);
    }
    codes.push(c.value);
  }
  return { codes, unknown, combination };
}

const groupMembers = (group: string): string[] => TABLE.filter((c) => c.group === group).map((c) => c.form);

/** The placement code of a design (Drp, DrpS, Tel, TelS), or null. */
export function placementCode(special: readonly string[]): string | null {
  return special.find((s) => s === 'Drp' || s === 'DrpS' || s === 'Tel' || s === 'TelS') ?? null;
}

/**
 * §12.3 across a unit: all its elements have the same one of Drp DrpS Tel TelS
 * (or none), and either all or none are Org. Returns each problem as a sentence.
 */
export function unitCombinationProblems(designs: readonly Pick<ElementDesign, 'special'>[]): string[] {
  const problems: string[] = [];
  const placements = new Set(designs.map((d) => placementCode(d.special) ?? 'none'));
  if (placements.size > 1)
    problems.push(
      `its elements have different placement codes (${[...placements].join(', ')}): all the same one of Drp DrpS Tel TelS, or none`,
    );
  const org = designs.filter((d) => d.special.includes('Org')).length;
  if (org > 0 && org < designs.length) problems.push('some of its elements are Org and some not: all or none');
  return problems;
}

// ——— What an element can do: the predicates the rest of the rules ask. ———

type Special = Pick<ElementDesign, 'special'>;

/** Whether an element or design has a capability (for `T` and `MW`, any n; for `Den`, see `denies`). */
export function has(e: Special, key: CapabilityKey): boolean {
  if (key === 'T') return e.special.some((s) => /^T[1-9]$/.test(s));
  if (key === 'MW') return e.special.some((s) => /^MW[2-9]$/.test(s));
  if (key === 'Den') return e.special.some((s) => s.startsWith('Den:'));
  return e.special.includes(key);
}

/** Den:X (§12.4); only `active` deniers deny, which the caller checks. */
export const denies = (e: Special, x: DeniableKey): boolean => e.special.includes(`Den:${x}`);

/** Full armor (§10.4, §3.1): infantry have it free. */
export const hasFullArmor = (e: Pick<ElementDesign, 'special' | 'type'>): boolean =>
  e.type === 'infantry' || has(e, 'FA');

/** An airborne flier (§12.1): Flying and not landed. */
export const isAirborne = (e: Pick<Element, 'special' | 'landed'>): boolean => has(e, 'Fly') && !e.landed;

/** Transport places (§13.1): n of T<n>, else 0. */
export function transportPlaces(e: Special): number {
  const t = e.special.find((s) => /^T[1-9]$/.test(s));
  return t === undefined ? 0 : Number(t.slice(1));
}

/** Weapons (§10.11): n of MW<n>, else 1. */
export function weapons(e: Special): number {
  const mw = e.special.find((s) => /^MW[2-9]$/.test(s));
  return mw === undefined ? 1 : Number(mw.slice(2));
}

export type Template = '5c' | '10c' | 'Bmb' | 'Cone';

/** The element's template (§10.8, §10.9), or null for a single attack. */
export function template(e: Special): Template | null {
  for (const t of ['5c', '10c', 'Bmb', 'Cone'] as const) if (e.special.includes(t)) return t;
  return null;
}

/** The element's fire arc in degrees (§12.1), or null when it fires all round. */
export function fireArc(e: Special): 90 | 180 | 270 | null {
  if (has(e, 'LFA')) return 90;
  if (has(e, 'RsFA')) return 180;
  if (has(e, 'RdFA')) return 270;
  return null;
}

/** The most hexside turns a move allows (§8.7), or null when unrestricted. */
export function maxTurns(e: Special): number | null {
  if (has(e, 'LM')) return 1;
  if (has(e, 'RsM')) return 2;
  if (has(e, 'RdM')) return 3;
  return null;
}

/** The types Heal and Repair restore (§3.1, §17). */
export const HEALED_TYPES: readonly ElementType[] = ['infantry', 'cavalry', 'creature'];
export const REPAIRED_TYPES: readonly ElementType[] = ['vehicle', 'mecha', 'structure'];

/** A special mover that may enter any hex and end its move there (§8.2): an airborne flier, a Skimmer, an Ethereal. */
export const entersAnyHex = (e: Pick<Element, 'special' | 'landed'>): boolean =>
  isAirborne(e) || has(e, 'Sk') || has(e, 'Eth');

/**
 * The road bonus (§8.3): vehicles and cavalry, insubstantial or not, unless
 * Flying, Jump jet, Skimmer or Ethereal.
 */
export const hasRoadBonus = (e: Pick<ElementDesign, 'special' | 'type'>): boolean =>
  (e.type === 'vehicle' || e.type === 'cavalry') && !['Fly', 'JJ', 'Sk', 'Eth'].some((k) => e.special.includes(k));
