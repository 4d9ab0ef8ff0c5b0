/**
 * The SVG campaign map: systems with their owners and homes, each fleet with
 * its id and count (or ? for an enemy fleet whose count the side does not
 * know), the last turn's moves, each own fleet's reach, and — drawn from a
 * side's view — nothing that view does not hold (rules-strategic.md §6).
 */
import { describe, expect, it } from 'vitest';
import { distance } from '../../../src/rules/hex.ts';
import type { MoveOrder } from '../../../src/rules/strategic/types.ts';
import { fullMapInput, renderCampaignMap, sideMapInput } from '../../../src/web/kinds/msc-strategic/campaign-map.ts';
import { sideStyle } from '../../../src/web/svg/side-styles.ts';
import { campaign, fleet, h, orders, resolved, SCOUT, ship, system } from '../../rules/strategic/fixtures.ts';

const to = (hex: string): MoveOrder => ({ kind: 'to', hex: h(hex) });

/** Blue's scout at 0505 sees Red's R2 (at 0707, 2 hexes away) but not R1 at home. */
function turnWithContact() {
  const start = campaign({
    fleets: [
      fleet({ id: 'B1', side: 'blue', hex: '0202', ships: [ship('b1'), ship('b2')] }),
      fleet({ id: 'S1', side: 'blue', hex: '0303', ships: [ship('s1', SCOUT)] }),
      fleet({ id: 'R1', side: 'red', hex: '1909', ships: [ship('r1'), ship('r2'), ship('r3')] }),
      fleet({ id: 'R2', side: 'red', hex: '0707', ships: [ship('r4')] }),
    ],
    systems: [
      system('0202', { home: 'blue', owner: 'blue', capturedTurn: 0, name: "Barnard's" }),
      system('1005', { name: 'Vega' }),
      system('1909', { home: 'red', owner: 'red', capturedTurn: 0 }),
    ],
  });
  return resolved(start, {
    blue: orders({ moves: new Map([['S1', to('0505')]]) }),
    red: orders({ moves: new Map([['R1', to('1808')]]) }),
  });
}

describe('the SVG campaign map', () => {
  it("draws a side's own fleets with id and count, a detected enemy with its count and an undetected one with ?", () => {
    const turn = turnWithContact();
    const svg = renderCampaignMap(sideMapInput(turn.views.blue!, ['blue', 'red'], turn.events, 'Blue, turn 2'));
    expect(svg).toContain('>B1·2</text>');
    expect(svg).toContain('>S1·1</text>');
    expect(svg).toContain('>R2·1</text>');
    expect(svg).toContain('>R1·?</text>');
    expect(svg).toContain('fleet R1 (red) at 1808, ships: not known');
  });

  it('marks every system with its owner, a home with a ring, and escapes the names players chose', () => {
    const turn = turnWithContact();
    const svg = renderCampaignMap(sideMapInput(turn.views.blue!, ['blue', 'red'], turn.events, 'Blue, turn 2'));
    expect(svg).toContain('<g class="system home" data-hex="0202" data-owner="blue">');
    expect(svg).toContain('<g class="system" data-hex="1005">');
    expect(svg).toContain('Barnard&#39;s (0202): home system of blue, owned by blue');
    expect(svg).toContain('Vega (1005): star system, owned by nobody');
    expect(svg).toContain(`fill="${sideStyle(1).colour}"`);
    expect(svg).not.toContain("Barnard's");
  });

  it('labels each system with its name (the hex for one without), escaped, long names shortened', () => {
    const turn = turnWithContact();
    const input = sideMapInput(turn.views.blue!, ['blue', 'red'], turn.events, 'Blue, turn 2');
    const svg = renderCampaignMap(input);
    expect(svg).toMatch(/<g class="system home" data-hex="0202"[^>]*>.*class="system-label">Barnard&#39;s<\/text>/);
    expect(svg).toMatch(/data-hex="1005">.*class="system-label">Vega<\/text>/);
    expect(svg).toMatch(/data-hex="1909"[^>]*>.*class="system-label">1909<\/text>/);
    const long = renderCampaignMap({
      ...input,
      systems: input.systems.map((s) => (s.name === 'Vega' ? { ...s, name: 'Alpha Centauri <b>' } : s)),
    });
    expect(long).toContain('class="system-label">Alpha Ce…</text>');
    expect(long).toContain('Alpha Centauri &lt;b&gt; (1005)');
  });

  it("shows the side's own moves of the last turn as arrows, never the enemy's", () => {
    const turn = turnWithContact();
    const blue = renderCampaignMap(sideMapInput(turn.views.blue!, ['blue', 'red'], turn.events, 'Blue'));
    expect(blue).toContain('<g class="move" data-fleet="S1"><title>fleet S1 moved 0303 → 0403 → 0504 → 0505</title>');
    expect(blue).not.toContain('data-fleet="R1"><title>fleet R1 moved');
    const all = renderCampaignMap(fullMapInput(turn.campaign, turn.events, 'Everything'));
    expect(all).toContain('<title>fleet R1 moved 1909 → 1808</title>');
  });

  it("draws each own fleet's reach — every hex within its slowest ENGINE, on the map — and none for the enemy", () => {
    const turn = turnWithContact();
    const svg = renderCampaignMap(sideMapInput(turn.views.blue!, ['blue', 'red'], turn.events, 'Blue'));
    const reachOf = (id: string) => {
      const group = new RegExp(`data-fleet="${id}"[^>]*>(?:<title>[^<]*</title>)?<g class="reach"[^>]*>(.*?)</g>`).exec(
        svg,
      );
      return group ? [...group[1]!.matchAll(/<polygon/g)].length : 0;
    };
    // S1 (ENGINE 5) at 0505 on a 20 × 10 map: every hex 1–5 away that lies on the map.
    let expected = 0;
    for (let col = 1; col <= 20; col++)
      for (let row = 1; row <= 10; row++) {
        const d = distance(h('0505'), { col, row });
        if (d >= 1 && d <= 5) expected++;
      }
    expect(reachOf('S1')).toBe(expected);
    expect(svg).toMatch(/<g class="fleet movable" data-fleet="S1" data-side="blue" tabindex="0">/);
    expect(reachOf('R2')).toBe(0);
    expect(svg).toMatch(/<g class="fleet" data-fleet="R2" data-side="red">/);
  });

  it('with fog "sensors" an undetected enemy fleet is not on the map at all', () => {
    const start = campaign({
      options: { battles: 'strategic', fog: 'sensors', turnLimit: null },
      fleets: [
        fleet({ id: 'B1', side: 'blue', hex: '0202', ships: [ship('b1')] }),
        fleet({ id: 'R1', side: 'red', hex: '1909', ships: [ship('r1')] }),
      ],
    });
    const turn = resolved(start);
    const svg = renderCampaignMap(sideMapInput(turn.views.blue!, ['blue', 'red'], turn.events, 'Blue'));
    expect(svg).not.toContain('R1');
    expect(svg).not.toContain('data-side="red"');
  });

  it('is an image with a title and a description a screen reader reads', () => {
    const turn = turnWithContact();
    const svg = renderCampaignMap({
      ...sideMapInput(turn.views.blue!, ['blue', 'red'], turn.events, 'Blue & friends'),
      idPrefix: 'cm',
    });
    expect(svg).toMatch(/^<svg [^>]*role="img" aria-labelledby="cm-title cm-desc"/);
    expect(svg).toContain('<title id="cm-title">Blue &amp; friends</title>');
    expect(svg).toContain('20 by 10 hexes, 3 star systems. blue: circles, 2 fleets shown, 1 system owned');
  });
});
