/**
 * Firing (rules-scg.md §9–§11): declaration of every weapon's target before
 * any die (§9.2), eligibility with line of sight (§9.3), to-hit rolls in
 * mount order, then damage rolls (§9.4), with every modifier of §10.
 */
import { formatHex } from '../hex.ts';
import type { DiceSource } from '../dice.ts';
import { distance, nearestOf, rangeOf, type Field, type LiveUnit } from './board.ts';
import { weaponTypeOf } from './forces.ts';
import type { Declared, FireChoice, FireEntry, ScgEvent, WeaponType } from './types.ts';

/** A weapon's numbers at a range 1–6, or null where it has none (§5.1). */
export function profileAt(w: WeaponType, range: number): { th: number; td: number; pw: number } | null {
  if (range < 1 || range > 6) return null;
  const th = w.th[range - 1];
  const td = w.td[range - 1];
  const pw = w.pw[range - 1];
  return th == null || td == null || pw == null ? null : { th, td, pw };
}

/** §9.3: whether the firer may shoot this weapon at the target now, and whether only indirectly. */
export function eligibility(
  field: Field,
  firer: LiveUnit,
  w: WeaponType,
  target: LiveUnit,
): 'direct' | 'indirect' | null {
  if (target.status !== 'active' || target.side === firer.side) return null;
  if (profileAt(w, rangeOf(distance(firer.hex, target.hex), field.state.rangeScale)) === null) return null;
  if (field.lineOfSight(firer.hex, target.hex)) return 'direct';
  if (!w.specials.includes('indirect')) return null;
  const spotted = field.units.some(
    (f) => f !== firer && f.status === 'active' && f.side === firer.side && field.lineOfSight(f.hex, target.hex),
  );
  return spotted ? 'indirect' : null;
}

/** §10, to hit: +1 not moved, −1 more than half the MA (unless stabilised), −1 heavy when firing more than one. */
export function toHitModifier(firer: LiveUnit, w: WeaponType, weaponsFiring: number): number {
  let m = 0;
  if (firer.moved === 0) m += 1;
  if (2 * firer.moved > firer.type.ma && !firer.type.specials.includes('stabilised')) m -= 1;
  if (w.specials.includes('heavy') && weaponsFiring > 1) m -= 1;
  return m;
}

/** §11: a natural 1 always fails; otherwise the modified roll must reach the number needed. */
export const succeeds = (roll: number, modifier: number, need: number): boolean =>
  roll !== 1 && roll + modifier >= need;

interface Declaration {
  readonly mount: string;
  readonly weapon: WeaponType;
  readonly target: LiveUnit | null;
  readonly indirect: boolean;
  readonly reason: Declared['reason'];
}

/** §9.2: each weapon's target (or none, with the reason), in mount order, fixed for the activation. */
export function declare(field: Field, firer: LiveUnit, entry: FireEntry | undefined): Declaration[] {
  const unitChoice: FireChoice = entry ?? { targets: [], hold: false };
  return firer.type.weapons.map(({ mount, weapon }) => {
    const w = weaponTypeOf(field.state.weaponTypes, weapon)!;
    if (w.specials.includes('static') && firer.moved > 0)
      return { mount, weapon: w, target: null, indirect: false, reason: 'moved' };
    const choice = entry?.weapons.find((m) => m.mount === mount) ?? unitChoice;
    for (const id of choice.targets) {
      const t = field.byId.get(id);
      if (t === undefined) continue;
      const how = eligibility(field, firer, w, t);
      if (how !== null) return { mount, weapon: w, target: t, indirect: how === 'indirect', reason: null };
    }
    if (choice.hold) return { mount, weapon: w, target: null, indirect: false, reason: 'hold' };
    const eligible = field.enemiesOf(firer).filter((e) => eligibility(field, firer, w, e) !== null);
    const nearest = nearestOf(firer.hex, eligible);
    if (nearest === null) return { mount, weapon: w, target: null, indirect: false, reason: 'no-target' };
    const indirect = eligibility(field, firer, w, nearest) === 'indirect';
    return { mount, weapon: w, target: nearest, indirect, reason: null };
  });
}

/** One fire activation (§9.2–§9.6): declare, roll to hit, roll damage; damage and removal at once. */
export function fireUnit(field: Field, firer: LiveUnit, entry: FireEntry | undefined, dice: DiceSource): ScgEvent[] {
  const declared = declare(field, firer, entry);
  const events: ScgEvent[] = [
    {
      type: 'activation',
      unit: firer.id,
      side: firer.side,
      declared: declared.map((d) => ({
        weapon: d.mount,
        target: d.target?.id ?? null,
        indirect: d.indirect,
        reason: d.reason,
      })),
    },
  ];
  const firing = declared.filter((d) => d.target !== null);
  const hits: { d: Declaration; td: number; pw: number }[] = [];
  for (const d of firing) {
    const t = d.target!;
    const dist = distance(firer.hex, t.hex);
    const range = rangeOf(dist, field.state.rangeScale);
    const p = profileAt(d.weapon, range)!;
    const modifier = toHitModifier(firer, d.weapon, firing.length);
    const roll = dice.roll();
    const hit = succeeds(roll, modifier, p.th);
    events.push({
      type: 'shot',
      unit: firer.id,
      weapon: d.mount,
      target: t.id,
      distance: dist,
      range,
      need: p.th,
      modifier,
      roll,
      hit,
    });
    if (hit) hits.push({ d, td: p.td, pw: p.pw });
  }
  for (const { d, td, pw } of hits) {
    const t = d.target!;
    if (t.status !== 'active') {
      events.push({ type: 'wasted', unit: firer.id, weapon: d.mount, target: t.id });
      continue;
    }
    const roll = dice.roll();
    const modifier = t.type.ar;
    const damaged = succeeds(roll, modifier, td);
    if (damaged) t.damage += pw;
    events.push({
      type: 'damage',
      unit: firer.id,
      weapon: d.mount,
      target: t.id,
      need: td,
      modifier,
      roll,
      damaged,
      power: damaged ? pw : 0,
      damage: t.damage,
    });
    if (t.damage >= t.type.dc) {
      const hex = formatHex(t.hex);
      field.remove(t);
      events.push({ type: 'destroyed', unit: t.id, by: firer.id, weapon: d.mount, hex });
    }
  }
  return events;
}
