/**
 * rules-tactical.md §6.2 "Firing arcs", the §6.5 ruling on the side a hit lands on,
 * and rules-solo.md §2's Left/Right, one test per sentence, plus properties.
 *
 * The float helpers below exist only here, as an independent reference: they measure θ
 * with atan2 in the true plane, the way the spec words it, and the tests compare the exact
 * integer answers with them away from (and within a hair of) the bounds.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bearing, firingArcs, inArc, sideFacing } from '../../src/rules/arcs.ts';
import { formatHex, neighbour, parseHex, toCube } from '../../src/rules/hex.ts';
import { ARCS, DIRECTIONS, type Arc, type Direction, type Hex } from '../../src/rules/types.ts';

const h = (name: string): Hex => {
  const parsed = parseHex(name);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
};

const anyHex = fc.record({ col: fc.integer({ min: 1, max: 30 }), row: fc.integer({ min: 1, max: 30 }) });
const anyFacing = fc.constantFrom(...DIRECTIONS);

/** θ in degrees, (−180, 180], clockwise from the facing, measured in the true plane. */
function theta(from: Hex, facing: Direction, to: Hex): number {
  const centre = (x: Hex): [number, number] => [1.5 * x.col, Math.sqrt(3) * (x.row + (x.col % 2 === 0 ? 0.5 : 0))];
  const [ax, ay] = centre(from);
  const [bx, by] = centre(to);
  // Screen y grows downwards (south), so north is (0, −1); compass angle clockwise from north.
  const compass = (Math.atan2(bx - ax, -(by - ay)) * 180) / Math.PI;
  let t = compass - 60 * DIRECTIONS.indexOf(facing);
  while (t <= -180) t += 360;
  while (t > 180) t -= 360;
  return t;
}

const TOLERANCE = 1e-9;
const ARC_RANGES: Record<Arc, readonly [number, number][]> = {
  F: [[-30, 30]],
  FR: [[30, 90]],
  RR: [[90, 150]],
  R: [
    [150, 180],
    [-180, -150],
  ],
  RL: [[-150, -90]],
  FL: [[-90, -30]],
};
const arcsByAngle = (t: number): Arc[] =>
  ARCS.filter((arc) => ARC_RANGES[arc].some(([lo, hi]) => t >= lo - TOLERANCE && t <= hi + TOLERANCE));

const relativeCube = (from: Hex, to: Hex): [number, number, number] => {
  const a = toCube(from);
  const b = toCube(to);
  return [b.x - a.x, b.y - a.y, b.z - a.z];
};

const names = (arcs: readonly Arc[]): string => arcs.join(',');

describe('§6.2 "Take θ, the angle from the firing ship\'s facing to the line from its hex centre to the target\'s hex centre, clockwise positive" and the arc table', () => {
  it('every hex, from every facing, is in the arcs the table gives for its θ', () => {
    fc.assert(
      fc.property(anyHex, anyFacing, anyHex, (from, facing, to) => {
        fc.pre(from.col !== to.col || from.row !== to.row);
        expect(names(firingArcs(from, facing, to))).toBe(names(arcsByAngle(theta(from, facing, to))));
      }),
      { numRuns: 3000 },
    );
  });

  it('the ring of hexes at range 2 around a ship facing N, arc by arc', () => {
    // Clockwise from 0503, the twelve hexes at range 2 around 0505 step 30° at a time.
    const ring: readonly [string, string][] = [
      ['0503', 'F'],
      ['0603', 'F,FR'],
      ['0704', 'FR'],
      ['0705', 'FR,RR'],
      ['0706', 'RR'],
      ['0606', 'RR,R'],
      ['0507', 'R'],
      ['0406', 'R,RL'],
      ['0306', 'RL'],
      ['0305', 'RL,FL'],
      ['0304', 'FL'],
      ['0403', 'F,FL'],
    ];
    for (const [target, arcs] of ring) {
      expect(names(firingArcs(h('0505'), 'N', h(target))), target).toBe(arcs);
    }
  });

  it('turning the ship one hexside clockwise turns every arc one hexside with it', () => {
    fc.assert(
      fc.property(anyFacing, fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 5 }), (facing, a, b) => {
        const from = h('1010');
        const ahead = neighbour(neighbour(from, DIRECTIONS[a]!), DIRECTIONS[b]!);
        const k = DIRECTIONS.indexOf(facing);
        const turned = DIRECTIONS[(k + 1) % 6]!;
        const turnedTarget = neighbour(neighbour(from, DIRECTIONS[(a + 1) % 6]!), DIRECTIONS[(b + 1) % 6]!);
        expect(firingArcs(from, turned, turnedTarget)).toEqual(firingArcs(from, facing, ahead));
      }),
    );
  });
});

describe('§6.2 "Bounds are inclusive: a hex whose centre lies exactly on a bound is in both arcs"', () => {
  it("every hex except the ship's own lies in one arc, or two neighbouring arcs listed in ARCS order", () => {
    fc.assert(
      fc.property(anyHex, anyFacing, anyHex, (from, facing, to) => {
        fc.pre(from.col !== to.col || from.row !== to.row);
        const arcs = firingArcs(from, facing, to);
        expect(arcs.length === 1 || arcs.length === 2).toBe(true);
        if (arcs.length === 2) {
          const [i, j] = [ARCS.indexOf(arcs[0]!), ARCS.indexOf(arcs[1]!)];
          expect(i < j).toBe(true);
          expect(j - i === 1 || (i === 0 && j === 5)).toBe(true);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('inArc agrees with firingArcs for every arc', () => {
    fc.assert(
      fc.property(anyHex, anyFacing, anyHex, (from, facing, to) => {
        const arcs = firingArcs(from, facing, to);
        for (const arc of ARCS) expect(inArc(from, facing, to, arc)).toBe(arcs.includes(arc));
      }),
      { numRuns: 1000 },
    );
  });
});

describe('§6.2 "Every bound runs along a hex spine, so this is exact in integer hex coordinates"', () => {
  // A hex spine through the ship's centre is a line where two relative cube coordinates are
  // equal (x = y, y = z or z = x): those are the directions at 30°, 90°, 150°, … from N, the
  // six arc bounds, whichever way the ship faces.
  it('a hex lies in two arcs exactly when two of its relative cube coordinates are equal', () => {
    fc.assert(
      fc.property(anyHex, anyFacing, anyHex, (from, facing, to) => {
        fc.pre(from.col !== to.col || from.row !== to.row);
        const [x, y, z] = relativeCube(from, to);
        const onSpine = x === y || y === z || z === x;
        expect(firingArcs(from, facing, to).length).toBe(onSpine ? 2 : 1);
      }),
      { numRuns: 3000 },
    );
  });

  it('far away, a hex one step off a spine is in one arc only (no rounding at range 98)', () => {
    const from = h('0150');
    // 98 hexes along the east spine (NE then SE, 49 times) ends on the FR/RR bound for facing N.
    let onBound = from;
    for (let i = 0; i < 49; i++) onBound = neighbour(neighbour(onBound, 'NE'), 'SE');
    expect(names(firingArcs(from, 'N', onBound))).toBe('FR,RR');
    expect(names(firingArcs(from, 'N', neighbour(onBound, 'N')))).toBe('FR');
    expect(names(firingArcs(from, 'N', neighbour(onBound, 'S')))).toBe('RR');
  });
});

describe('§6.2 example "ship in 0505 facing N"', () => {
  it('"0503 is in F only"', () => {
    expect(firingArcs(h('0505'), 'N', h('0503'))).toEqual(['F']);
  });
  it('"0604 (its NE neighbour) is in FR only"', () => {
    expect(formatHex(neighbour(h('0505'), 'NE'))).toBe('0604');
    expect(firingArcs(h('0505'), 'N', h('0604'))).toEqual(['FR']);
  });
  it('"0603 (N then NE) lies on the F/FR bound and is in both"', () => {
    expect(formatHex(neighbour(neighbour(h('0505'), 'N'), 'NE'))).toBe('0603');
    expect(firingArcs(h('0505'), 'N', h('0603'))).toEqual(['F', 'FR']);
    expect(inArc(h('0505'), 'N', h('0603'), 'F')).toBe(true);
    expect(inArc(h('0505'), 'N', h('0603'), 'FR')).toBe(true);
    expect(inArc(h('0505'), 'N', h('0603'), 'FL')).toBe(false);
  });
  it('the F/FL bound lists F first, in ARCS order', () => {
    expect(firingArcs(h('0505'), 'N', h('0403'))).toEqual(['F', 'FL']);
  });
});

describe('§6.2 "Ruling: a target in the same hex (range 0) is in every arc."', () => {
  it('all six arcs, whatever the facing', () => {
    for (const facing of DIRECTIONS) {
      expect(firingArcs(h('0707'), facing, h('0707'))).toEqual([...ARCS]);
      for (const arc of ARCS) expect(inArc(h('0707'), facing, h('0707'), arc)).toBe(true);
    }
  });
});

describe("§6.5 \"'The side facing the firer' is the target's arc (section 6.2, measured from the target's facing) that contains the firer's hex.\"", () => {
  it('a firer inside one arc hits that side', () => {
    // Target in 0505 facing N: firer dead astern hits R; firer in the NE neighbour hits FR.
    expect(sideFacing(h('0505'), 'N', h('0507'))).toBe('R');
    expect(sideFacing(h('0505'), 'N', h('0604'))).toBe('FR');
    expect(sideFacing(h('0505'), 'N', h('0404'))).toBe('FL');
    expect(sideFacing(h('0505'), 'N', h('0706'))).toBe('RR');
    // Measured from the target's facing, not the firer's: the same firer, target turned S.
    expect(sideFacing(h('0505'), 'S', h('0507'))).toBe('F');
    expect(sideFacing(h('0505'), 'S', h('0604'))).toBe('RL');
  });

  it('off the bounds, the side is the one arc containing the firer', () => {
    fc.assert(
      fc.property(anyHex, anyFacing, anyHex, (target, facing, firer) => {
        const arcs = firingArcs(target, facing, firer);
        fc.pre(arcs.length === 1);
        expect(sideFacing(target, facing, firer)).toBe(arcs[0]);
      }),
    );
  });
});

describe('§6.5 "Ruling: when the firer lies on a bound between two of the target\'s arcs, the side nearer the target\'s front is hit (F before FL/FR, those before RL/RR, those before R)"', () => {
  const target = h('0505');
  const cases: readonly [string, string, Arc][] = [
    ['0603', 'F,FR', 'F'],
    ['0403', 'F,FL', 'F'],
    ['0705', 'FR,RR', 'FR'],
    ['0305', 'RL,FL', 'FL'],
    ['0606', 'RR,R', 'RR'],
    ['0406', 'R,RL', 'RL'],
  ];
  for (const [firer, arcs, side] of cases) {
    it(`firer in ${firer} (${arcs}) hits ${side}`, () => {
      expect(names(firingArcs(target, 'N', h(firer)))).toBe(arcs);
      expect(sideFacing(target, 'N', h(firer))).toBe(side);
    });
  }

  it('for every facing and bound, the side is the front-most of the two arcs', () => {
    const rank: Record<Arc, number> = { F: 0, FL: 1, FR: 1, RL: 2, RR: 2, R: 3 };
    fc.assert(
      fc.property(anyHex, anyFacing, anyHex, (target, facing, firer) => {
        const arcs = firingArcs(target, facing, firer);
        fc.pre(arcs.length === 2);
        const side = sideFacing(target, facing, firer);
        expect(arcs).toContain(side);
        for (const arc of arcs) expect(rank[side] <= rank[arc]).toBe(true);
      }),
    );
  });
});

describe('§6.5 "at range 0 the F side is hit."', () => {
  it('same hex → F', () => {
    for (const facing of DIRECTIONS) expect(sideFacing(h('0909'), facing, h('0909'))).toBe('F');
  });
});

describe('rules-solo §2 "Left is −180° < θ < 0°, Right is 0° < θ < 180°."', () => {
  it('examples around a ship in 0505 facing N', () => {
    expect(bearing(h('0505'), 'N', h('0604'))).toBe('right'); // θ = 60°
    expect(bearing(h('0505'), 'N', h('0603'))).toBe('right'); // θ = 30°, on an arc bound but not the facing line
    expect(bearing(h('0505'), 'N', h('0605'))).toBe('right'); // θ = 120°
    expect(bearing(h('0505'), 'N', h('0606'))).toBe('right'); // θ = 150°
    expect(bearing(h('0505'), 'N', h('0404'))).toBe('left'); // θ = −60°
    expect(bearing(h('0505'), 'N', h('0406'))).toBe('left'); // θ = −150°
    expect(bearing(h('0505'), 'N', h('0403'))).toBe('left'); // θ = −30°
  });

  it('agrees with θ measured in the plane, for every facing', () => {
    fc.assert(
      fc.property(anyHex, anyFacing, anyHex, (from, facing, to) => {
        const t = theta(from, facing, to);
        fc.pre(from.col !== to.col || from.row !== to.row);
        fc.pre(Math.abs(t) > TOLERANCE && Math.abs(t) < 180 - TOLERANCE);
        expect(bearing(from, facing, to)).toBe(t > 0 ? 'right' : 'left');
      }),
      { numRuns: 3000 },
    );
  });

  it('a hex one column off the facing line at range 90 is still left or right', () => {
    // 0199 facing N: 0101 straight up is ahead; 0201 (one column east) is to the right.
    expect(bearing(h('0199'), 'N', h('0101'))).toBe('ahead');
    expect(bearing(h('0199'), 'N', h('0201'))).toBe('right');
    expect(bearing(h('0299'), 'N', h('0101'))).toBe('left');
  });
});

describe('rules-solo §2 "Ruling: dead ahead (θ = 0°), dead astern (θ = 180°) or the same hex: roll a die"', () => {
  it('dead ahead and dead astern are exactly the hexes on the facing line', () => {
    for (const facing of DIRECTIONS) {
      let ahead = h('1515');
      let astern = h('1515');
      const back = DIRECTIONS[(DIRECTIONS.indexOf(facing) + 3) % 6]!;
      for (let i = 1; i <= 8; i++) {
        ahead = neighbour(ahead, facing);
        astern = neighbour(astern, back);
        expect(bearing(h('1515'), facing, ahead), `${facing} ${i}`).toBe('ahead');
        expect(bearing(h('1515'), facing, astern), `${facing} -${i}`).toBe('astern');
      }
    }
  });

  it('the same hex is "same"', () => {
    for (const facing of DIRECTIONS) expect(bearing(h('0505'), facing, h('0505'))).toBe('same');
  });

  it('θ = 0 or 180 in the plane is ahead or astern, and nothing else is', () => {
    fc.assert(
      fc.property(anyHex, anyFacing, anyHex, (from, facing, to) => {
        fc.pre(from.col !== to.col || from.row !== to.row);
        const t = theta(from, facing, to);
        const b = bearing(from, facing, to);
        expect(b === 'ahead').toBe(Math.abs(t) < TOLERANCE);
        expect(b === 'astern').toBe(Math.abs(t) > 180 - TOLERANCE);
      }),
      { numRuns: 3000 },
    );
  });
});
