/**
 * What one unit can see and shoot at as the board stands (rules-scg.md §2,
 * §3.2, §9.3): for each enemy in play its distance, its range, whether the
 * unit has line of sight to it, and which of the unit's weapons could fire at
 * it — by the very eligibility the fire phase uses. The web map draws it for
 * the unit a player chooses; nothing here is a second reading of the rules.
 */
import { formatHex } from '../hex.ts';
import { distance, Field, rangeOf } from './board.ts';
import { eligibility } from './fire.ts';
import { weaponTypeOf } from './forces.ts';
import type { ScgState } from './types.ts';

/** One enemy as the chosen unit sees it. */
export interface SightLine {
  readonly enemy: string;
  readonly hex: string;
  /** In hexes. */
  readonly distance: number;
  /** In firing DUs (§2); null beyond 6, where nothing reaches. */
  readonly range: number | null;
  /** §3.2, from the unit's hex to the enemy's. */
  readonly los: boolean;
  /** The mounts that may fire at it now (§9.3), with `indirect` for a spotted target out of sight. */
  readonly weapons: readonly { readonly mount: string; readonly indirect: boolean }[];
  /**
   * `fire`: a weapon may fire at it directly; `indirect`: only indirectly; `out-of-range`: in sight, no weapon
   * reaches; `blocked`: no LOS.
   */
  readonly status: 'fire' | 'indirect' | 'out-of-range' | 'blocked';
}

/** Every enemy in play, in unit order, as `unit` sees it; null when `unit` is not a unit in play. */
export function sightFrom(state: ScgState, unit: string): SightLine[] | null {
  const field = new Field(state);
  const u = field.byId.get(unit);
  if (!u || u.status !== 'active') return null;
  return field.enemiesOf(u).map((e) => {
    const d = distance(u.hex, e.hex);
    const r = rangeOf(d, state.rangeScale);
    const los = field.lineOfSight(u.hex, e.hex);
    const weapons = u.type.weapons.flatMap((m) => {
      const w = weaponTypeOf(state.weaponTypes, m.weapon);
      const how = w ? eligibility(field, u, w, e) : null;
      return how === null ? [] : [{ mount: m.mount, indirect: how === 'indirect' }];
    });
    const status = weapons.some((w) => !w.indirect)
      ? 'fire'
      : weapons.length > 0
        ? 'indirect'
        : los
          ? 'out-of-range'
          : 'blocked';
    return { enemy: e.id, hex: formatHex(e.hex), distance: d, range: r > 6 ? null : r, los, weapons, status };
  });
}

/** One sentence for a screen reader: "WM: sees EH (range 4), EM (range 7, out of reach); EL1 blocked". */
export function sightSummary(unit: string, lines: readonly SightLine[]): string {
  if (lines.length === 0) return `${unit}: no enemy in play.`;
  const seen = lines.filter((l) => l.los);
  const parts: string[] = [];
  if (seen.length > 0)
    parts.push(
      `sees ${seen
        .map((l) =>
          l.status === 'fire' ? `${l.enemy} (range ${l.range})` : `${l.enemy} (${l.distance} hexes, out of reach)`,
        )
        .join(', ')}`,
    );
  const blocked = lines.filter((l) => !l.los);
  if (blocked.length > 0)
    parts.push(
      blocked
        .map((l) => `${l.enemy} blocked${l.status === 'indirect' ? ` (range ${l.range}, indirect fire only)` : ''}`)
        .join(', '),
    );
  return `${unit}: ${parts.join('; ')}.`;
}
