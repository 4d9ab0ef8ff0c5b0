/**
 * Force lists within a points budget (src/rules/scg/deploy.ts): §14.2's points, and the placing ruling — the first
 * side from column 1 inward, each column from its middle row outward, in §14.2's order of types; the second side
 * point-symmetric, "hex (c, r) faces (W + 1 − c, H + 1 − r)" (§15).
 */
import { describe, expect, it } from 'vitest';
import { formatHex } from '../../../src/rules/hex.ts';
import { deployForces, deploymentHexes, forceCost, forceSize } from '../../../src/rules/scg/deploy.ts';
import { COMBINED_ARMS, TANK_BATTLE } from '../../../src/rules/scg/scenarios.ts';

const TANKS = { 'dual-heavy-tank': 1, 'medium-tank': 1, 'light-tank': 2 };

describe('a game from force lists', () => {
  it('§15.1: "61 points a side" — the Tank Battle force costs 30 + 15 + 2 × 8', () => {
    expect(forceCost(TANKS)).toBe(61);
    expect(forceSize(TANKS)).toBe(4);
    expect(forceCost({})).toBe(0);
    expect(forceCost({ 'infantry-squad': 2, 'scout-car': 1, artillery: 1 })).toBe(2 * 6 + 6 + 10);
  });

  it('west fills column 1 from its middle row outward, in §14.2 order; east stands point-symmetric', () => {
    const s = deployForces(TANK_BATTLE, { west: TANKS, east: { ...TANKS, 'scout-car': 1 } });
    expect(s.sides).toEqual(['west', 'east']);
    expect(s.turnLimit).toBe(10);
    expect(s.units.map((u) => `${u.id} ${u.type} ${formatHex(u.hex)}`)).toEqual([
      'WL1 light-tank 0106',
      'WL2 light-tank 0107',
      'WM medium-tank 0105',
      'WH dual-heavy-tank 0108',
      'EL1 light-tank 1607',
      'EL2 light-tank 1606',
      'EM medium-tank 1608',
      'EH dual-heavy-tank 1605',
      'ES scout-car 1609',
    ]);
    expect(s.units.every((u) => u.damage === 0 && u.status === 'active')).toBe(true);
  });

  it('the zone is the first quarter of the columns, impassable hexes left out', () => {
    const zone = deploymentHexes(COMBINED_ARMS);
    // 20 columns: columns 1–5, 14 rows each; Combined Arms' nearest impassable hexes (0604 …) are in column 6.
    expect(zone.length).toBe(5 * 14);
    expect(zone.every((h) => h.col <= 5)).toBe(true);
    expect(zone.slice(0, 3).map(formatHex)).toEqual(['0107', '0108', '0106']);
    expect(deploymentHexes(TANK_BATTLE).length).toBe(4 * 12);
  });

  it('the east side can always stand where the rule puts it: §15’s boards are point-symmetric', () => {
    for (const board of [TANK_BATTLE, COMBINED_ARMS]) {
      const blocked = new Set(board.map.impassable.map(formatHex));
      const mirrored = (h: { col: number; row: number }) =>
        formatHex({ col: board.map.width + 1 - h.col, row: board.map.height + 1 - h.row });
      expect(board.map.impassable.every((h) => blocked.has(mirrored(h)))).toBe(true);
      const full = Object.fromEntries([['scout-car', deploymentHexes(board).length]]);
      const s = deployForces(board, { west: full, east: full });
      expect(new Set(s.units.map((u) => formatHex(u.hex))).size).toBe(s.units.length);
      expect(s.units.some((u) => blocked.has(formatHex(u.hex)))).toBe(false);
    }
  });
});
