/**
 * rules-tactical.md §6: combat — firing order, eligible targets, to hit,
 * damage and the choice of targets. Positions are built so that the quoted
 * sentence alone decides the outcome; every die is scripted.
 */
import { describe, expect, it } from 'vitest';
import { position } from './fixtures.ts';
import { ofType, play, shipAfter } from './resolve.support.ts';

// Initiative dice: side a rolls 6, side b rolls 1, so a fires first.
const A_FIRST = [6, 1];
const still = { speed: 0 };

describe('§6 combat order', () => {
  it('"each of its ships, in ship order, fires each of its intact weapons, in the order F, FL, FR, RL, RR"', () => {
    const p = position([
      { id: 'A2', side: 'a', hex: '0505', weapons: ['RR', 'F'] },
      { id: 'A1', side: 'a', hex: '0505', weapons: ['RL', 'FR', 'F', 'FL'] },
      { id: 'B1', side: 'b', hex: '0505', shields: 5, weapons: [] },
    ]);
    // Range 0 is in every arc: every weapon fires; all miss (6 > TO-HIT 3 + 2).
    const r = play(p, { A1: still, A2: still, B1: still }, [...A_FIRST, 6, 6, 6, 6, 6, 6]);
    expect(ofType(r.events, 'shot').map((s) => `${s.firer}:${s.weapon}`)).toEqual([
      'A2:F',
      'A2:RR',
      'A1:F',
      'A1:FL',
      'A1:FR',
      'A1:RL',
    ]);
  });

  it('"Each weapon fires at most once a turn."', () => {
    const p = position([
      { id: 'A1', side: 'a', hex: '0505', weapons: ['F'] },
      { id: 'B1', side: 'b', hex: '0503', facing: 'N', shields: 5, weapons: [] },
      { id: 'B2', side: 'b', hex: '0502', facing: 'N', shields: 5, weapons: [] },
    ]);
    const r = play(p, { A1: still, B1: still, B2: still }, [...A_FIRST, 6]);
    expect(ofType(r.events, 'shot')).toHaveLength(1);
  });

  it('"Damage takes effect at once: a ship destroyed … before its turn to fire does not fire."', () => {
    const p = position([
      { id: 'A1', side: 'a', hex: '0505', facing: 'N', weapons: ['F'] },
      { id: 'B1', side: 'b', hex: '0503', facing: 'S', shields: 1, weapons: ['F'] },
    ]);
    const r = play(p, { A1: still, B1: still }, [...A_FIRST, 1, 1]);
    expect(ofType(r.events, 'destroyed')).toEqual([{ type: 'destroyed', ship: 'B1', by: 'A1', hex: '0503' }]);
    expect(ofType(r.events, 'shot').map((s) => s.firer)).toEqual(['A1']);
    expect(shipAfter(r, 'B1').status).toBe('destroyed');
  });

  it('"Damage takes effect at once: … a weapon knocked out, before its turn to fire does not fire."', () => {
    const p = position([
      { id: 'A1', side: 'a', hex: '0505', facing: 'N', weapons: ['F'] },
      { id: 'B1', side: 'b', hex: '0503', facing: 'S', shields: 3, weapons: ['F'] },
    ]);
    const r = play(p, { A1: still, B1: still }, [...A_FIRST, 1, 6]);
    expect(ofType(r.events, 'damage')[0]).toMatchObject({ target: 'B1', roll: 6, effect: 'weapon:F', side: 'F' });
    expect(shipAfter(r, 'B1').weapons).toEqual([]);
    expect(ofType(r.events, 'shot').map((s) => s.firer)).toEqual(['A1']);
  });

  it('"A side\'s combat phase …, then of the second": the side that won initiative fires first', () => {
    const p = position([
      { id: 'A1', side: 'a', hex: '0505', facing: 'N', weapons: ['F'] },
      { id: 'B1', side: 'b', hex: '0503', facing: 'S', weapons: ['F'] },
    ]);
    const r = play(p, { A1: still, B1: still }, [2, 5, 6, 6]);
    expect(r.initiative).toEqual(['b', 'a']);
    expect(ofType(r.events, 'shot').map((s) => s.firer)).toEqual(['B1', 'A1']);
  });
});

describe('§6.1 eligible targets', () => {
  it('"lies in that weapon\'s firing arc": a target behind an F-only ship is not fired at', () => {
    const p = position([
      { id: 'A1', side: 'a', hex: '0505', facing: 'N', weapons: ['F'] },
      { id: 'B1', side: 'b', hex: '0507', facing: 'S', weapons: [] },
    ]);
    const r = play(p, { A1: still, B1: still }, A_FIRST);
    expect(ofType(r.events, 'shot')).toEqual([]);
  });

  it('"is at range 0 to 6": range 6 may be fired at, range 7 may not; "A weapon with no eligible target rolls nothing."', () => {
    const at6 = position([
      { id: 'A1', side: 'a', hex: '0510', weapons: ['F'] },
      { id: 'B1', side: 'b', hex: '0504', weapons: [] },
    ]);
    expect(ofType(play(at6, { A1: still, B1: still }, [...A_FIRST, 6]).events, 'shot')[0]).toMatchObject({ range: 6 });
    const at7 = position([
      { id: 'A1', side: 'a', hex: '0510', weapons: ['F'] },
      { id: 'B1', side: 'b', hex: '0503', weapons: [] },
    ]);
    const r = play(at7, { A1: still, B1: still }, A_FIRST);
    expect(ofType(r.events, 'shot')).toEqual([]);
    expect(r.diceUsed).toBe(2);
  });

  it('"is in clear line of sight": a ship of the firer\'s own side in between blocks', () => {
    const p = position([
      { id: 'A1', side: 'a', hex: '0505', weapons: ['F'] },
      { id: 'A2', side: 'a', hex: '0504', weapons: [] },
      { id: 'B1', side: 'b', hex: '0502', facing: 'N', weapons: [] },
    ]);
    const r = play(p, { A1: still, A2: still, B1: still }, A_FIRST);
    expect(ofType(r.events, 'shot')).toEqual([]);
  });

  it('§6.3 "Ships in the firer\'s or the target\'s own hex never block."', () => {
    const p = position([
      { id: 'A1', side: 'a', hex: '0505', weapons: ['F'] },
      { id: 'A2', side: 'a', hex: '0505', weapons: [] },
      { id: 'B2', side: 'b', hex: '0502', facing: 'N', weapons: [] },
      { id: 'B1', side: 'b', hex: '0502', facing: 'N', weapons: [] },
    ]);
    const r = play(p, { A1: still, A2: still, B1: still, B2: still }, [...A_FIRST, 6]);
    expect(ofType(r.events, 'shot')).toHaveLength(1);
  });

  it('§6.2 Ruling: "a target in the same hex (range 0) is in every arc"', () => {
    const p = position([
      { id: 'A1', side: 'a', hex: '0505', weapons: ['RR'] },
      { id: 'B1', side: 'b', hex: '0505', weapons: [] },
    ]);
    const r = play(p, { A1: still, B1: still }, [...A_FIRST, 6]);
    expect(ofType(r.events, 'shot')).toEqual([
      { type: 'shot', firer: 'A1', weapon: 'RR', target: 'B1', range: 0, modifier: 2, need: 5, roll: 6, hit: false },
    ]);
  });
});

describe('§6.4 to hit', () => {
  // Firer in 0510 facing N; targets straight ahead at ranges 0 to 6.
  const bands: Array<[string, number, number]> = [
    ['0510', 0, 2],
    ['0509', 1, 1],
    ['0508', 2, 1],
    ['0507', 3, 0],
    ['0506', 4, 0],
    ['0505', 5, -1],
    ['0504', 6, -1],
  ];
  it.each(bands)(
    '"Range modifier: range 0: +2; range 1–2: +1; range 3–4: 0; range 5–6: −1" — target %s at range %i',
    (hex, range, modifier) => {
      const p = position([
        { id: 'A1', side: 'a', hex: '0510', toHit: 3, weapons: ['F'] },
        { id: 'B1', side: 'b', hex, weapons: [] },
      ]);
      const need = 3 + modifier;
      const miss = play(p, { A1: still, B1: still }, [...A_FIRST, need + 1]);
      expect(ofType(miss.events, 'shot')[0]).toMatchObject({ range, modifier, need, roll: need + 1, hit: false });
      const hit = play(p, { A1: still, B1: still }, [...A_FIRST, need, 1]);
      expect(ofType(hit.events, 'shot')[0]).toMatchObject({ range, modifier, need, roll: need, hit: true });
    },
  );

  it('"Roll one die: a hit if die ≤ TO-HIT + modifier." — TO-HIT 0 at range 5 can never hit', () => {
    const p = position([
      { id: 'A1', side: 'a', hex: '0510', toHit: 0, weapons: ['F'] },
      { id: 'B1', side: 'b', hex: '0505', weapons: [] },
    ]);
    const r = play(p, { A1: still, B1: still }, [...A_FIRST, 1]);
    expect(ofType(r.events, 'shot')[0]).toMatchObject({ need: -1, roll: 1, hit: false });
  });

  it('Ruling: "the rules text wins" — a 4 does not hit a TO-HIT of 3 at range 3', () => {
    const p = position([
      { id: 'A1', side: 'a', hex: '0510', toHit: 3, weapons: ['F'] },
      { id: 'B1', side: 'b', hex: '0507', weapons: [] },
    ]);
    const r = play(p, { A1: still, B1: still }, [...A_FIRST, 4]);
    expect(ofType(r.events, 'shot')[0]).toMatchObject({ roll: 4, hit: false });
    expect(ofType(r.events, 'damage')).toEqual([]);
  });
});

describe('§6.5 damage', () => {
  // A1 in 0505 facing N fires F at B1 two hexes ahead; B1 faces S, so A1 is in B1's F arc.
  const duel = (
    target: { facing?: 'N' | 'S'; engine?: number; shields?: number; weapons?: ('F' | 'FL' | 'FR' | 'RL' | 'RR')[] },
    damage: number,
    back: number[] = [],
  ) => {
    const p = position([
      { id: 'A1', side: 'a', hex: '0505', toHit: 5, weapons: ['F'] },
      { id: 'B1', side: 'b', hex: '0503', facing: 'S', weapons: [], ...target },
    ]);
    // `back`: the dice of B1's own shots, if it has a weapon left that bears on A1.
    return play(p, { A1: still, B1: still }, [...A_FIRST, 1, damage, ...back]);
  };

  it.each([1, 2, 3, 4])('"1–4: SHIELDS −1" (damage die %i)', (d) => {
    const r = duel({ shields: 3 }, d);
    expect(ofType(r.events, 'damage')[0]).toMatchObject({ roll: d, effect: 'shields', shields: 2 });
    expect(shipAfter(r, 'B1').shields).toBe(2);
  });

  it('"5: ENGINE −1"', () => {
    const r = duel({ engine: 3 }, 5);
    expect(ofType(r.events, 'damage')[0]).toMatchObject({ roll: 5, effect: 'engine', engine: 2 });
    expect(shipAfter(r, 'B1')).toMatchObject({ engine: 2, shields: 3 });
  });

  it('"5: … if ENGINE is already 0, SHIELDS −1 instead"', () => {
    const r = duel({ engine: 0, shields: 3 }, 5);
    expect(ofType(r.events, 'damage')[0]).toMatchObject({ roll: 5, effect: 'shields' });
    expect(shipAfter(r, 'B1')).toMatchObject({ engine: 0, shields: 2 });
  });

  it('"6: the target\'s weapon on the side facing the firer is destroyed"', () => {
    const r = duel({ weapons: ['F', 'RR'] }, 6);
    // B1's F is gone before its phase, and RR does not bear: it fires nothing back.
    expect(ofType(r.events, 'damage')[0]).toMatchObject({ roll: 6, effect: 'weapon:F', side: 'F' });
    expect(shipAfter(r, 'B1')).toMatchObject({ weapons: ['RR'], shields: 3 });
  });

  it('"6: … if that side has no intact weapon …, SHIELDS −1 instead"', () => {
    const r = duel({ weapons: ['FL', 'FR'] }, 6);
    // A1 lies dead ahead of B1: in its F arc only, so FL and FR do not bear.
    expect(ofType(r.events, 'damage')[0]).toMatchObject({ roll: 6, effect: 'shields', side: 'F' });
    expect(shipAfter(r, 'B1')).toMatchObject({ weapons: ['FL', 'FR'], shields: 2 });
  });

  it('"6: … (always so for R)": a hit from dead astern costs a SHIELD', () => {
    const r = duel({ facing: 'N', weapons: ['F', 'RL', 'RR'] }, 6);
    expect(ofType(r.events, 'damage')[0]).toMatchObject({ effect: 'shields', side: 'R' });
    expect(shipAfter(r, 'B1').weapons).toEqual(['F', 'RL', 'RR']);
  });

  it('Ruling: "when the firer lies on a bound between two of the target\'s arcs, the side nearer the target\'s front is hit"', () => {
    // B1 in 0505 facing N; A1 in 0603 lies on B1's F/FR bound (rules §6.2 example). F is hit, not FR.
    const make = (weapons: ('F' | 'FR')[]) =>
      position([
        { id: 'A1', side: 'a', hex: '0603', facing: 'S', toHit: 5, weapons: ['F'] },
        { id: 'B1', side: 'b', hex: '0505', facing: 'N', weapons },
      ]);
    const both = play(make(['F', 'FR']), { A1: still, B1: still }, [...A_FIRST, 1, 6, 6]);
    expect(ofType(both.events, 'damage')[0]).toMatchObject({ effect: 'weapon:F', side: 'F' });
    expect(shipAfter(both, 'B1').weapons).toEqual(['FR']);
    // With no F weapon the F side has nothing to lose: SHIELDS, and FR stays.
    const frOnly = play(make(['FR']), { A1: still, B1: still }, [...A_FIRST, 1, 6, 6]);
    expect(ofType(frOnly.events, 'damage')[0]).toMatchObject({ effect: 'shields', side: 'F' });
    expect(shipAfter(frOnly, 'B1')).toMatchObject({ weapons: ['FR'], shields: 2 });
  });

  it('Ruling: "at range 0 the F side is hit"', () => {
    const p = position([
      { id: 'A1', side: 'a', hex: '0505', weapons: ['F'] },
      { id: 'B1', side: 'b', hex: '0505', facing: 'S', weapons: ['F', 'RR'] },
    ]);
    const r = play(p, { A1: still, B1: still }, [...A_FIRST, 1, 6, 6]);
    expect(ofType(r.events, 'damage')[0]).toMatchObject({ effect: 'weapon:F', side: 'F' });
  });

  it('"A ship whose SHIELDS reach 0 is destroyed and removed at once."', () => {
    const p = position([
      { id: 'A1', side: 'a', hex: '0505', toHit: 3, weapons: ['F', 'FR'] },
      { id: 'B1', side: 'b', hex: '0505', shields: 1, weapons: [] },
      { id: 'B2', side: 'b', hex: '0505', shields: 4, weapons: [] },
    ]);
    // F destroys B1 (nearest, fewest SHIELDS); FR must choose again and takes B2.
    const r = play(p, { A1: still, B1: still, B2: still }, [...A_FIRST, 1, 1, 6]);
    expect(ofType(r.events, 'shot').map((s) => s.target)).toEqual(['B1', 'B2']);
    expect(shipAfter(r, 'B1')).toMatchObject({ status: 'destroyed', shields: 0 });
  });

  it('"Lost ENGINE does not change this turn\'s movement (already done); it limits next turn\'s SPEED."', () => {
    const p = position([
      { id: 'A1', side: 'a', hex: '0508', toHit: 5, weapons: ['F'] },
      { id: 'B1', side: 'b', hex: '0506', facing: 'N', speed: 3, engine: 3, weapons: [] },
    ]);
    const r = play(p, { A1: still, B1: { speed: 3, move: '3' } }, [...A_FIRST, 1, 5]);
    expect(shipAfter(r, 'B1')).toMatchObject({ hex: { col: 5, row: 3 }, speed: 3, engine: 2 });
  });
});

describe('§6.6 choosing targets', () => {
  const field = () =>
    position([
      { id: 'A1', side: 'a', hex: '0505', weapons: ['F'] },
      { id: 'B1', side: 'b', hex: '0504', facing: 'N', shields: 3, weapons: [] },
      { id: 'B2', side: 'b', hex: '0503', facing: 'N', shields: 3, weapons: [] },
      { id: 'B3', side: 'b', hex: '0702', facing: 'N', shields: 3, weapons: [] },
    ]);
  const target = (orders: { fire?: string[]; hold?: boolean }, rolls: number[] = [6]) => {
    const r = play(field(), { A1: { speed: 0, ...orders }, B1: still, B2: still, B3: still }, [...A_FIRST, ...rolls]);
    return ofType(r.events, 'shot').map((s) => s.target);
  };

  it('"Each of its weapons fires at the first ship on the list that is eligible for that weapon at the moment it fires."', () => {
    expect(target({ fire: ['B3', 'B2'] })).toEqual(['B3']);
  });

  it('"If none on the list is eligible (or there is no list), the ship\'s fire mode decides: nearest (the default) fires at the eligible enemy at the least range"', () => {
    // No list: B1 at range 1 is the nearest (B2 behind it is blocked, B3 is at range 4).
    expect(target({})).toEqual(['B1']);
    // B2 is listed but blocked by B1: the fallback takes the nearest.
    expect(target({ fire: ['B2'] })).toEqual(['B1']);
    const p = position([
      { id: 'A1', side: 'a', hex: '0505', weapons: ['F'] },
      { id: 'B1', side: 'b', hex: '0503', facing: 'N', weapons: [] },
      { id: 'B2', side: 'b', hex: '0507', facing: 'N', weapons: [] },
    ]);
    // B2 is listed but astern, outside the F arc: the fallback takes B1.
    const r = play(p, { A1: { speed: 0, fire: ['B2'] }, B1: still, B2: still }, [...A_FIRST, 6]);
    expect(ofType(r.events, 'shot').map((s) => s.target)).toEqual(['B1']);
  });

  it('"ties broken by fewest SHIELDS left, then ship order"', () => {
    const p = (s1: number, s2: number) =>
      position([
        { id: 'A1', side: 'a', hex: '0505', weapons: ['F'] },
        { id: 'B2', side: 'b', hex: '0503', facing: 'N', shields: s2, weapons: [] },
        { id: 'B1', side: 'b', hex: '0603', facing: 'N', shields: s1, weapons: [] },
      ]);
    const shot = (s1: number, s2: number) =>
      ofType(play(p(s1, s2), { A1: still, B1: still, B2: still }, [...A_FIRST, 6]).events, 'shot')[0]?.target;
    expect(shot(2, 3)).toBe('B1');
    expect(shot(3, 2)).toBe('B2');
    // Equal SHIELDS: ship order (B2 was created first), never the ids' spelling.
    expect(shot(3, 3)).toBe('B2');
  });

  it('"hold does not fire that weapon. A target list is always tried first; hold only stops the fallback."', () => {
    expect(target({ hold: true }, [])).toEqual([]);
    expect(target({ hold: true, fire: ['B3'] })).toEqual(['B3']);
    expect(target({ hold: true, fire: ['B2'] }, [])).toEqual([]);
  });

  it('"A target destroyed earlier in the phase is no longer eligible; later weapons choose again."', () => {
    const p = position([
      { id: 'A1', side: 'a', hex: '0505', toHit: 3, weapons: ['F', 'FL'] },
      { id: 'B1', side: 'b', hex: '0505', shields: 1, weapons: [] },
      { id: 'B2', side: 'b', hex: '0505', shields: 2, weapons: [] },
    ]);
    const r = play(p, { A1: { speed: 0, fire: ['B1'] }, B1: still, B2: still }, [...A_FIRST, 1, 1, 6]);
    expect(ofType(r.events, 'shot').map((s) => s.target)).toEqual(['B1', 'B2']);
  });
});
