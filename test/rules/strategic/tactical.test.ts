/** rules-strategic.md §8: battles fought as tactical games. */
import { describe, expect, it } from 'vitest';
import { finishCampaignTurn } from '../../../src/rules/strategic/resolve.ts';
import type { Campaign } from '../../../src/rules/strategic/types.ts';
import { campaign, eventsOf, fleet, h, LINE, orders, pendingTurn, resolved, SCOUT, ship } from './fixtures.ts';

const tactical = (): Campaign =>
  campaign({
    options: { battles: 'tactical', fog: 'positions', turnLimit: null },
    fleets: [
      fleet({ id: 'B1', side: 'blue', hex: '1004', ships: [ship('b1', LINE), ship('b2', SCOUT)] }),
      fleet({ id: 'B2', side: 'blue', hex: '1004', ships: [ship('b3', SCOUT)] }),
      fleet({ id: 'R1', side: 'red', hex: '1005', ships: [ship('r1', LINE), ship('r2', LINE)] }),
      fleet({ id: 'R9', side: 'red', hex: '1909', ships: [ship('r9')] }),
    ],
  });
const moveIn = {
  blue: orders({
    moves: new Map([
      ['B1', { kind: 'path' as const, path: ['S' as const] }],
      ['B2', { kind: 'path' as const, path: ['S' as const] }],
    ]),
  }),
};

describe('§8 tactical battles', () => {
  it('"the campaign turn resolves only when every such battle has ended": it stops after movement and sensors with the battles to fight', () => {
    const p = pendingTurn(tactical(), moveIn);
    expect(p.battles).toEqual([{ hex: h('1005'), attacker: 'blue', defender: 'red', fleets: ['B1', 'B2', 'R1'] }]);
    expect(p.diceUsed).toBe(2);
    expect(p.events.map((e) => e.type)).toEqual([
      'production',
      'production',
      'initiative',
      'move',
      'move',
      'sensor',
      'sensor',
      'sensor',
      'battle',
    ]);
    expect(p.campaign.turn).toBe(1);
  });

  it('"Ships destroyed there are lost to the campaign … Surviving ships return fully repaired"; "If both sides still have ships in play …, both stay in the hex"', () => {
    const p = pendingTurn(tactical(), moveIn);
    const r = finishCampaignTurn(p, [{ hex: h('1005'), destroyed: ['b2', 'r2'], disengaged: [] }]);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.destroyed).toEqual(['b2', 'r2']);
    expect(eventsOf(r.value, 'lost').map((e) => e.ship)).toEqual(['b2', 'r2']);
    expect(r.value.campaign.fleets.map((f) => [f.id, f.hex, f.ships.map((s) => s.id)])).toEqual([
      ['B1', h('1005'), ['b1']],
      ['B2', h('1005'), ['b3']],
      ['R1', h('1005'), ['r1']],
      ['R9', h('1909'), ['r9']],
    ]);
    expect(r.value.campaign.turn).toBe(2);
  });

  it('"Ships that disengage … retreat one hex toward home with their fleet" (Decided: a fleet retreats when every ship it has left disengaged)', () => {
    const p = pendingTurn(tactical(), moveIn);
    const r = finishCampaignTurn(p, [{ hex: h('1005'), destroyed: ['b3'], disengaged: ['b1', 'b2', 'r1'] }]);
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    // B1's every ship left the map: it retreats toward 0202. R1 still has r2 in play: it stays.
    expect(eventsOf(r.value, 'retreat')).toEqual([
      { type: 'retreat', side: 'blue', fleet: 'B1', from: '1005', to: '0905' },
    ]);
    expect(r.value.campaign.fleets.find((f) => f.id === 'R1')!.hex).toEqual(h('1005'));
    expect(r.value.views.blue!.enemyFleets.find((f) => f.id === 'R1')!.ships).toBe(2);
  });

  it('a result that does not match the battles is refused, and nothing is resolved', () => {
    const p = pendingTurn(tactical(), moveIn);
    const bad = (outcomes: Parameters<typeof finishCampaignTurn>[1]) => {
      const r = finishCampaignTurn(p, outcomes);
      return r.ok ? [] : r.error.map((e) => e.code);
    };
    expect(bad([])).toEqual(['BATTLE_RESULT']);
    expect(bad([{ hex: h('1005'), destroyed: ['r9'], disengaged: [] }])).toEqual(['BATTLE_RESULT']);
    expect(bad([{ hex: h('1005'), destroyed: ['b1'], disengaged: ['b1'] }])).toEqual(['BATTLE_RESULT']);
    expect(
      bad([
        { hex: h('1005'), destroyed: [], disengaged: [] },
        { hex: h('0101'), destroyed: [], disengaged: [] },
      ]),
    ).toEqual(['BATTLE_RESULT']);
  });

  it('a tactical campaign turn with no battle resolves at once', () => {
    expect(resolved(tactical()).gameOver).toBe(false);
  });
});
