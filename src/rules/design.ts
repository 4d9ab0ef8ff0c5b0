/**
 * Ship designs and fleets (rules-tactical.md §2): what a ship costs, whether a
 * design is legal, and whether a side's fleet fits its scenario.
 *
 * Designs arrive from forms, mails and scenario files, so the checks do not
 * trust the types: every value is checked as it is, and every problem is
 * reported at once, so a player fixes a design in one go.
 */
import { WEAPON_SIDES, type Design, type WeaponSide } from './types.ts';
import { err, ok, type Result, type RuleError } from './result.ts';

/** The most a single ship may cost (§2). */
const MAX_SHIP_COST = 25;
/** The most ENGINE, SHIELDS or TO-HIT a design may have (§2). */
const MAX_RATING = 5;
/** BP per weapon (§2). */
const WEAPON_COST = 2;

/** Ship ids: 1–12 letters or digits (§10). */
const SHIP_ID = /^[A-Za-z0-9]{1,12}$/;

/** ENGINE + SHIELDS + TO-HIT + 2 × weapons (§2). */
export function designCost(d: Design): number {
  return d.engine + d.shields + d.toHit + WEAPON_COST * d.weapons.length;
}

/** What a scenario allows: a side's BP budget and the ship sizes (costs) it permits. */
export interface DesignLimits {
  readonly budget?: number;
  /** A ship's cost must equal one of these (the seed's usual sizes are 10, 15 and 20 BP). */
  readonly sizes?: readonly number[];
}

const RATINGS = [
  { key: 'engine', name: 'ENGINE', code: 'DESIGN_ENGINE', min: 0 },
  { key: 'shields', name: 'SHIELDS', code: 'DESIGN_SHIELDS', min: 1 },
  { key: 'toHit', name: 'TO-HIT', code: 'DESIGN_TO_HIT', min: 0 },
] as const;

const isWeaponSide = (s: unknown): s is WeaponSide => (WEAPON_SIDES as readonly unknown[]).includes(s);

/** "10, 15 or 20" */
function listOr(items: readonly (string | number)[]): string {
  const words = items.map(String);
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;
}

/** Why a side is not a weapon side; `R` gets its own reason, since players ask for it. */
function weaponSideMessage(side: string): string {
  const choose = `choose from ${WEAPON_SIDES.join(', ')}`;
  if (side.toUpperCase() === 'R') return `R is never a weapon side: no weapon fires straight astern; ${choose}`;
  return `"${side}" is not a weapon side: ${choose}`;
}

/** Every problem with one design; empty when it is legal (and fits the limits, if given). */
export function checkDesign(d: Design, limits?: DesignLimits, shipId?: string): RuleError[] {
  const errors: RuleError[] = [];
  const problem = (code: string, message: string): void => {
    errors.push(shipId === undefined ? { code, message } : { code, message, ship: shipId });
  };

  for (const r of RATINGS) {
    const value: unknown = d[r.key];
    if (typeof value !== 'number' || !Number.isInteger(value) || value < r.min || value > MAX_RATING) {
      problem(
        r.code,
        `${r.name} ${String(value)} is not allowed: ${r.name} is a whole number from ${r.min} to ${MAX_RATING}`,
      );
    }
  }

  const weapons: readonly unknown[] = Array.isArray(d.weapons) ? d.weapons : [];
  if (!Array.isArray(d.weapons))
    problem('DESIGN_WEAPONS', `weapons must be a list of sides out of ${WEAPON_SIDES.join(', ')}`);
  const seen = new Set<unknown>();
  for (const w of weapons) {
    if (!isWeaponSide(w)) problem('DESIGN_WEAPON_SIDE', weaponSideMessage(String(w)));
    else if (seen.has(w))
      problem('DESIGN_WEAPON_DUPLICATE', `weapon ${w} is listed twice: a ship carries at most one weapon per side`);
    seen.add(w);
  }

  // Cost is only meaningful when the ratings are numbers; bad ratings are reported above.
  const cost = Number(d.engine) + Number(d.shields) + Number(d.toHit) + WEAPON_COST * weapons.length;
  if (!Number.isFinite(cost)) return errors;
  if (cost > MAX_SHIP_COST) {
    problem(
      'DESIGN_TOO_COSTLY',
      `the design costs ${cost} BP; a ship costs at most ${MAX_SHIP_COST} BP (ENGINE + SHIELDS + TO-HIT + 2 per weapon)`,
    );
  }
  if (limits?.sizes !== undefined && limits.sizes.length > 0 && !limits.sizes.includes(cost)) {
    problem('DESIGN_SIZE', `the design costs ${cost} BP; this scenario allows ships of ${listOr(limits.sizes)} BP`);
  }
  if (limits?.budget !== undefined && cost > limits.budget) {
    problem('DESIGN_OVER_BUDGET', `the design costs ${cost} BP, more than the whole budget of ${limits.budget} BP`);
  }
  return errors;
}

/**
 * Every problem with a side's fleet: each design (against the scenario's
 * sizes), each id, and the total against the budget.
 */
export function checkFleet(
  designs: ReadonlyArray<{ readonly id: string; readonly design: Design }>,
  limits: { readonly budget: number; readonly sizes?: readonly number[] },
): RuleError[] {
  const errors: RuleError[] = [];
  // Ids are matched case-insensitively here: orders typed in a mail must not be able to confuse two ships.
  const seen = new Map<string, string>();
  for (const { id, design } of designs) {
    if (!SHIP_ID.test(id)) {
      errors.push({
        code: 'SHIP_ID_FORMAT',
        ship: id,
        message: `ship id "${id}" is not allowed: use 1 to 12 letters or digits, e.g. A1`,
      });
    }
    const earlier = seen.get(id.toUpperCase());
    if (earlier !== undefined) {
      const how = earlier === id ? `ship id ${id} is used twice` : `ship ids ${earlier} and ${id} differ only in case`;
      errors.push({ code: 'SHIP_ID_DUPLICATE', ship: id, message: `${how}: give every ship its own id` });
    } else {
      seen.set(id.toUpperCase(), id);
    }
    errors.push(...checkDesign(design, limits.sizes === undefined ? undefined : { sizes: limits.sizes }, id));
  }
  const total = designs.reduce((sum, { design }) => sum + designCost(design), 0);
  if (Number.isFinite(total) && total > limits.budget) {
    errors.push({
      code: 'FLEET_OVER_BUDGET',
      message: `fleet costs ${total} BP, budget is ${limits.budget} BP: remove or shrink ships`,
    });
  }
  return errors;
}

/**
 * Parses a list of weapon sides as players write it: `F FL FR`, `F,FL`, any
 * case. An empty list, `-` or `none` is a ship without weapons. The sides come
 * back in firing order, the order a ship's weapons are kept in.
 */
export function parseWeapons(text: string): Result<WeaponSide[], RuleError> {
  const words = text
    .split(/[\s,]+/)
    .filter((w) => w !== '')
    .map((w) => w.toUpperCase());
  if (words.length === 1 && (words[0] === '-' || words[0] === 'NONE')) return ok([]);
  const found = new Set<WeaponSide>();
  for (const w of words) {
    if (!isWeaponSide(w)) return err({ code: 'DESIGN_WEAPON_SIDE', message: weaponSideMessage(w) });
    if (found.has(w))
      return err({
        code: 'DESIGN_WEAPON_DUPLICATE',
        message: `weapon ${w} is listed twice: a ship carries at most one weapon per side`,
      });
    found.add(w);
  }
  return ok(WEAPON_SIDES.filter((s) => found.has(s)));
}
