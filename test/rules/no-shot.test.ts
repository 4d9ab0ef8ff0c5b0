/**
 * A weapon whose ship's orders named targets (FIRE) and that fired at nothing
 * leaves a `no-shot` event where it would have fired, saying why: each named
 * target out of range, outside the weapon's arc, out of sight or no longer in
 * play (rules-tactical.md §6.1), and HOLD or no other enemy in reach (§6.6);
 * or the weapon was lost earlier in the combat (§6). It rolls no die.
 */
import { describe, expect, it } from 'vitest';
import { position } from './fixtures.ts';
import { ofType, play } from './resolve.support.ts';
import { narrative } from '../../src/reports/narrative.ts';

const A_FIRST = [6, 1];
const still = { speed: 0 };

describe('no-shot: why an ordered weapon did not fire', () => {
  it('outside its arc, with no other enemy in reach', () => {
    const p = position([
      { id: 'A1', side: 'a', hex: '0505', facing: 'N', weapons: ['F'] },
      { id: 'B1', side: 'b', hex: '0507', facing: 'S', weapons: [] },
    ]);
    const r = play(p, { A1: { speed: 0, fire: ['B1'] }, B1: still }, A_FIRST);
    expect(ofType(r.events, 'no-shot')).toEqual([
      {
        type: 'no-shot',
        firer: 'A1',
        weapon: 'F',
        reason: 'no-target',
        targets: [{ ship: 'B1', why: 'out-of-arc', range: 2 }],
        hold: false,
      },
    ]);
    expect(narrative(r.events)).toContain('A1 F does not fire: B1 outside its arc; no other enemy in reach');
  });

  it('out of range, with its range', () => {
    const p = position([
      { id: 'A1', side: 'a', hex: '0509', facing: 'N', weapons: ['F'] },
      { id: 'B1', side: 'b', hex: '0502', facing: 'S', weapons: [] },
    ]);
    const r = play(p, { A1: { speed: 0, fire: ['B1'] }, B1: still }, A_FIRST);
    expect(ofType(r.events, 'no-shot')[0]!.targets).toEqual([{ ship: 'B1', why: 'out-of-range', range: 7 }]);
    expect(narrative(r.events)).toContain(
      'A1 F does not fire: B1 out of range (7; 6 at most); no other enemy in reach',
    );
  });

  it('out of sight: a ship in between blocks the line', () => {
    const p = position([
      { id: 'A1', side: 'a', hex: '0505', facing: 'N', weapons: ['F'] },
      { id: 'A2', side: 'a', hex: '0504', weapons: [] },
      { id: 'B1', side: 'b', hex: '0502', facing: 'N', weapons: [] },
    ]);
    const r = play(p, { A1: { speed: 0, fire: ['B1'] }, A2: still, B1: still }, A_FIRST);
    expect(ofType(r.events, 'no-shot')[0]!.targets).toEqual([{ ship: 'B1', why: 'no-line-of-sight', range: 3 }]);
  });

  it('a target destroyed earlier in the combat is no longer in play', () => {
    const p = position([
      { id: 'A1', side: 'a', hex: '0505', facing: 'N', weapons: ['F'] },
      { id: 'A2', side: 'a', hex: '0605', facing: 'N', weapons: ['F'] },
      { id: 'B1', side: 'b', hex: '0503', facing: 'S', shields: 1, weapons: [] },
    ]);
    // A1 hits (1) for 1 damage (1): B1 is destroyed before A2 fires.
    const r = play(p, { A1: { speed: 0, fire: ['B1'] }, A2: { speed: 0, fire: ['B1'] }, B1: still }, [
      ...A_FIRST,
      1,
      1,
    ]);
    expect(ofType(r.events, 'no-shot')).toEqual([
      {
        type: 'no-shot',
        firer: 'A2',
        weapon: 'F',
        reason: 'no-target',
        targets: [{ ship: 'B1', why: 'not-in-play', range: null }],
        hold: false,
      },
    ]);
    expect(r.events.map((e) => e.type)).toEqual([
      'move',
      'move',
      'move',
      'initiative',
      'shot',
      'damage',
      'destroyed',
      'no-shot',
      'game-over',
    ]);
  });

  it('a weapon lost earlier in the combat', () => {
    const p = position([
      { id: 'A1', side: 'a', hex: '0505', facing: 'N', weapons: ['F'] },
      { id: 'B1', side: 'b', hex: '0503', facing: 'S', shields: 3, weapons: ['F'] },
    ]);
    // A1 hits (1); damage 6 on B1's F side knocks out its F.
    const r = play(p, { A1: still, B1: { speed: 0, fire: ['A1'] } }, [...A_FIRST, 1, 6]);
    expect(ofType(r.events, 'no-shot')).toEqual([
      { type: 'no-shot', firer: 'B1', weapon: 'F', reason: 'weapon-lost', targets: [], hold: false },
    ]);
    expect(narrative(r.events)).toContain('B1 F does not fire: the weapon was destroyed earlier in the combat');
  });

  it('HOLD: the named target out of reach, another enemy in reach is not fired at', () => {
    const p = position([
      { id: 'A1', side: 'a', hex: '0505', facing: 'N', weapons: ['F'] },
      { id: 'B1', side: 'b', hex: '0503', facing: 'S', weapons: [] },
      { id: 'B2', side: 'b', hex: '0507', facing: 'S', weapons: [] },
    ]);
    const r = play(p, { A1: { speed: 0, fire: ['B2'], hold: true }, B1: still, B2: still }, A_FIRST);
    expect(ofType(r.events, 'shot')).toEqual([]);
    expect(narrative(r.events)).toContain('A1 F holds fire: B2 outside its arc; HOLD: no other target');
  });

  it('a named target out of reach, another in reach: the weapon fires at it, and no no-shot is told', () => {
    const p = position([
      { id: 'A1', side: 'a', hex: '0505', facing: 'N', weapons: ['F'] },
      { id: 'B1', side: 'b', hex: '0503', facing: 'S', shields: 5, weapons: [] },
      { id: 'B2', side: 'b', hex: '0507', facing: 'S', weapons: [] },
    ]);
    const r = play(p, { A1: { speed: 0, fire: ['B2'] }, B1: still, B2: still }, [...A_FIRST, 6]);
    expect(ofType(r.events, 'shot').map((s) => s.target)).toEqual(['B1']);
    expect(ofType(r.events, 'no-shot')).toEqual([]);
  });

  it('without FIRE (the nearest enemy, or none) nothing is told of weapons that find no target', () => {
    const p = position([
      { id: 'A1', side: 'a', hex: '0505', facing: 'N', weapons: ['F', 'RR'] },
      { id: 'B1', side: 'b', hex: '0507', facing: 'S', weapons: [] },
    ]);
    const r = play(p, { A1: still, B1: still }, A_FIRST);
    expect(ofType(r.events, 'no-shot')).toEqual([]);
  });
});

describe("the narrative's odd lines", () => {
  it('SPEED 0 "stays", without a plot of 0', () => {
    const p = position([
      { id: 'A1', side: 'a', hex: '0505', facing: 'N', weapons: [] },
      { id: 'B1', side: 'b', hex: '0507', facing: 'S', weapons: [] },
    ]);
    const r = play(p, { A1: still, B1: still }, A_FIRST);
    expect(narrative(r.events)[0]).toBe('A1 SPEED 0: stays in 0505, facing N');
  });

  it('an initiative tie says it was rolled again', () => {
    const p = position([
      { id: 'A1', side: 'a', hex: '0505', facing: 'N', weapons: [] },
      { id: 'B1', side: 'b', hex: '0507', facing: 'S', weapons: [] },
    ]);
    const r = play(p, { A1: still, B1: still }, [5, 5, 2, 4]);
    expect(narrative(r.events).find((l) => l.startsWith('Initiative'))).toBe(
      'Initiative: a 5, tie, then 2; b 5, tie, then 4 — firing order b, a',
    );
  });
});
