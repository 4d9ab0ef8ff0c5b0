/** The project's forces (rules-scg.md §14): the built-in weapons and unit types. */
import type { Mount, Profile, UnitSpecial, UnitType, WeaponSpecial, WeaponType } from './types.ts';

const _ = null;

function weapon(
  id: string,
  name: string,
  th: Profile,
  td: Profile,
  pw: Profile,
  specials: readonly WeaponSpecial[] = [],
): WeaponType {
  return { id, name, th, td, pw, specials };
}

/** §14.1, per range 1 … 6. */
export const BUILT_IN_WEAPONS: Readonly<Record<string, WeaponType>> = Object.freeze({
  'machine-gun': weapon('machine-gun', 'Machine Gun', [3, 3, 4, 4, _, _], [4, 4, 5, 5, _, _], [1, 1, 1, 1, _, _]),
  'light-gun': weapon('light-gun', 'Light Gun', [3, 3, 4, 4, 5, 5], [3, 3, 3, 4, 4, 5], [1, 1, 1, 1, 1, 1]),
  'medium-gun': weapon('medium-gun', 'Medium Gun', [3, 3, 3, 4, 4, 5], [2, 2, 3, 3, 4, 4], [2, 2, 1, 1, 1, 1]),
  'heavy-gun': weapon('heavy-gun', 'Heavy Gun', [4, 3, 3, 3, 4, 4], [2, 2, 2, 3, 3, 4], [2, 2, 2, 2, 2, 1], ['heavy']),
  rifles: weapon('rifles', 'Rifles', [3, 4, 5, _, _, _], [4, 5, 5, _, _, _], [1, 1, 1, _, _, _]),
  'rocket-launcher': weapon(
    'rocket-launcher',
    'Rocket Launcher',
    [4, 4, 5, _, _, _],
    [2, 2, 3, _, _, _],
    [2, 2, 1, _, _, _],
  ),
  howitzer: weapon(
    'howitzer',
    'Howitzer',
    [_, _, 5, 5, 5, 5],
    [_, _, 3, 3, 3, 3],
    [_, _, 2, 2, 2, 2],
    ['indirect', 'static'],
  ),
});

function unit(
  id: string,
  name: string,
  ma: number,
  ar: number,
  dc: number,
  weapons: readonly Mount[],
  points: number,
  specials: readonly UnitSpecial[] = [],
): UnitType {
  return { id, name, ma, ar, dc, points, weapons, specials };
}

/** §14.2. */
export const BUILT_IN_UNITS: Readonly<Record<string, UnitType>> = Object.freeze({
  'light-tank': unit(
    'light-tank',
    'Light Tank',
    6,
    0,
    3,
    [
      { mount: 'GUN', weapon: 'light-gun' },
      { mount: 'MG', weapon: 'machine-gun' },
    ],
    8,
  ),
  'medium-tank': unit(
    'medium-tank',
    'Medium Tank',
    4,
    -1,
    4,
    [
      { mount: 'GUN', weapon: 'medium-gun' },
      { mount: 'MG', weapon: 'machine-gun' },
    ],
    15,
    ['stabilised'],
  ),
  'dual-heavy-tank': unit(
    'dual-heavy-tank',
    'Dual-Heavy Tank',
    3,
    -2,
    6,
    [
      { mount: 'GUN1', weapon: 'heavy-gun' },
      { mount: 'GUN2', weapon: 'heavy-gun' },
      { mount: 'MG', weapon: 'machine-gun' },
    ],
    30,
  ),
  'infantry-squad': unit(
    'infantry-squad',
    'Infantry Squad',
    2,
    1,
    2,
    [
      { mount: 'RIFLES', weapon: 'rifles' },
      { mount: 'ROCKET', weapon: 'rocket-launcher' },
    ],
    6,
  ),
  'scout-car': unit('scout-car', 'Scout Car', 8, 1, 2, [{ mount: 'MG', weapon: 'machine-gun' }], 6),
  artillery: unit('artillery', 'Artillery', 2, 0, 3, [{ mount: 'HOW', weapon: 'howitzer' }], 10),
});

/** A unit type of the game: a scenario's own, else a built-in one. */
export function unitTypeOf(types: Readonly<Record<string, UnitType>>, id: string): UnitType | undefined {
  if (Object.hasOwn(types, id)) return types[id];
  return Object.hasOwn(BUILT_IN_UNITS, id) ? BUILT_IN_UNITS[id] : undefined;
}

export function weaponTypeOf(types: Readonly<Record<string, WeaponType>>, id: string): WeaponType | undefined {
  if (Object.hasOwn(types, id)) return types[id];
  return Object.hasOwn(BUILT_IN_WEAPONS, id) ? BUILT_IN_WEAPONS[id] : undefined;
}

/** AR as the rules write it (§4.2): `2-`, `1+`, `0`. */
export function formatAr(ar: number): string {
  return ar === 0 ? '0' : ar < 0 ? `${-ar}-` : `${ar}+`;
}
