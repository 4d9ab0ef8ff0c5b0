/** Small builders for Mini Combat positions in tests: every field defaults as §3.2 and §22.1 say. */
import { parseHex } from '../../../src/rules/hex.ts';
import type { Hex } from '../../../src/rules/types.ts';
import {
  DEFAULT_OPTIONS,
  type Element,
  type MiniPosition,
  type Terrain,
  type Unit,
} from '../../../src/rules/mini-combat/types.ts';

export const h = (text: string): Hex => {
  const r = parseHex(text);
  if (!r.ok) throw new Error(text);
  return r.value;
};

/** A Rifle of §23 (infantry 10/30/4/6/2/2/4), active, facing N, unless told otherwise. */
export function el(
  id: string,
  over: Partial<Omit<Element, 'hex' | 'from'>> & { hex?: string | null; from?: string | null } = {},
): Element {
  const { hex, from, ...rest } = over;
  return {
    id,
    type: 'infantry',
    command: false,
    move: 10,
    range: 30,
    toHit: 4,
    save: 6,
    power: 2,
    armor: 2,
    morale: 4,
    special: [],
    status: 'active',
    hex: hex === undefined ? h('0505') : hex === null ? null : h(hex),
    facing: 'N',
    from: from === undefined || from === null ? null : h(from),
    still: 0,
    firedTurn: null,
    shotUsed: false,
    hidden: false,
    carrier: null,
    landed: false,
    submerged: false,
    teleported: false,
    ...rest,
  };
}

export const unit = (id: string, side: string, elements: Element[], over: Partial<Unit> = {}): Unit => ({
  id,
  side,
  formation: null,
  elements,
  ...over,
});

export function position(
  units: Unit[],
  over: Partial<Omit<MiniPosition, 'terrain'>> & { terrain?: Record<string, Terrain> } = {},
): MiniPosition {
  const { terrain, ...rest } = over;
  return {
    map: { width: 24, height: 36 },
    terrain: new Map(Object.entries(terrain ?? {})),
    turn: 1,
    sides: ['red', 'blue'],
    edges: { red: 'N', blue: 'S' },
    battle: { type: 'standard', target: 500 },
    turnLimit: 10,
    options: DEFAULT_OPTIONS,
    units,
    conceded: [],
    ...rest,
  };
}
