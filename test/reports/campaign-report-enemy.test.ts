/**
 * What the enemy did, as a side's campaign report tells it (rules-strategic.md §6, §7): enemy fleets its sensors
 * found, named as the map's legend and the game page name them, where each was last seen (so its move, as far as
 * the side saw it), contacts lost, and each battle's dice, why a side rolled none, and who came out of it.
 */
import { describe, expect, it } from 'vitest';
import { kind, sideName } from '../kinds/strategic/support.ts';
import type { Campaign, CampaignEvent } from '../../src/rules/strategic/types.ts';
import type { StoredTurnEvents } from '../../src/kinds/kind.ts';
import { narrativeText } from '../../src/reports/narrative.ts';
import { fleetControlSheet } from '../../src/reports/campaign-sheets.ts';
import { campaignNarrative } from '../../src/kinds/strategic/narrative.ts';
import { campaign, fleet, h, HEAVY, LINE, orders, resolved, SCOUT, ship, system } from '../rules/strategic/fixtures.ts';

const to = (hex: string) => ({ kind: 'to' as const, hex: h(hex) });

function reportOf(state: Campaign, history: StoredTurnEvents[], side: string) {
  return kind.report({
    game: { id: 'c1', name: 'Campaign' },
    turn: state.turn,
    state,
    history,
    deadline: null,
    reader: { kind: 'seat', side, timeZone: 'UTC' },
    sideName,
    seedCommitment: null,
  });
}

/** Blue's B1 sits at 0405; Red's R1 comes within sensor range, closes in, then leaves (fog "sensors"). */
function patrol() {
  let c = campaign({
    options: { battles: 'strategic', fog: 'sensors', turnLimit: null },
    systems: [
      system('0202', { home: 'blue', owner: 'blue', capturedTurn: 0 }),
      system('1909', { home: 'red', owner: 'red', capturedTurn: 0 }),
    ],
    fleets: [
      fleet({ id: 'B1', side: 'blue', hex: '0405', ships: [ship('b1', LINE)] }),
      fleet({ id: 'R1', side: 'red', hex: '0905', ships: [ship('r1', LINE), ship('r2', LINE)] }),
    ],
  });
  const history: StoredTurnEvents[] = [];
  const reports = [];
  for (const dest of ['0705', '0605', '0905']) {
    const r = resolved(c, { red: orders({ moves: new Map([['R1', to(dest)]]) }) });
    history.push({ number: c.turn, events: r.events });
    c = r.campaign;
    reports.push({ blue: reportOf(c, [...history], 'blue'), red: reportOf(c, [...history], 'red') });
  }
  return reports;
}

/** A battle at 0405: Red's two LINE ships move onto Blue's lone SCOUT, which has too few BP to roll any die. */
function battle() {
  const c = campaign({
    fleets: [
      fleet({ id: 'B1', side: 'blue', hex: '0405', ships: [ship('b1', SCOUT)] }),
      fleet({ id: 'B2', side: 'blue', hex: '0202', ships: [ship('b2', SCOUT)] }),
      fleet({ id: 'Raid', side: 'red', hex: '0605', ships: [ship('r1', LINE), ship('r2', LINE)] }),
    ],
  });
  // Initiative 6 / 1; Red attacks with 18 offensive BP: 2 dice (6, 2); Blue's 2 defensive BP roll no save;
  // then Blue, with no ship left, rolls no attack die, and Red's 6 defensive BP roll 2 saves.
  const r = resolved(c, { red: orders({ moves: new Map([['Raid', to('0405')]]) }) }, [6, 1, 6, 2, 1, 1]);
  const history = [{ number: 1, events: r.events as CampaignEvent[] }];
  return { blue: reportOf(r.campaign, history, 'blue'), red: reportOf(r.campaign, history, 'red') };
}

describe('what the enemy did (issue "Campaigns as players live them", item 3)', () => {
  it('an enemy fleet its sensors find is named, as a new contact, then seen moving from where it was last seen', () => {
    const [first, second] = patrol();
    expect(first!.blue.narrative).toContain(
      "Sensors: your fleet B1 detected Red's fleet R1 (2 ships) at 0705, a new contact.",
    );
    expect(second!.blue.narrative).toContain(
      "Sensors: your fleet B1 detected Red's fleet R1 (2 ships) at 0605: it moved there from 0705, where you saw it last turn.",
    );
    expect(second!.red.narrative).toContain(
      "Sensors: your fleet R1 detected Blue's fleet B1 (1 ship) at 0405, where you saw it last turn.",
    );
  });

  it('a fleet that left its sensors is told as no longer detected, and not drawn', () => {
    const third = patrol()[2]!;
    expect(third.blue.narrative).toContain(
      "Sensors: Red's fleet R1, detected at 0605 last turn, is no longer detected.",
    );
    expect(third.blue.diagram).not.toMatch(/\bR1\b/);
  });

  it('the mail map names an enemy fleet as the web does, by its id, and never an enemy ship', () => {
    const [first] = patrol();
    expect(first!.blue.diagram).toContain('R R1 at 0705: 2 ships');
    expect(first!.blue.orderBlock).not.toMatch(/\br1\b|\br2\b/);
    expect(first!.blue.narrative.join('\n')).not.toMatch(/\br1\b|\br2\b|moved 0905/);
  });

  it('every line of the new narrative fits in 78 columns as mail wraps it', () => {
    for (const r of [...patrol(), battle()])
      for (const view of [r.blue, r.red])
        for (const line of narrativeText(view.narrative, 78)) expect(line.length, line).toBeLessThanOrEqual(78);
  });
});

describe('strategic combat explained (item 5)', () => {
  it('the Fleet Control Sheet says the dice each fleet rolls, and why none', () => {
    const sheet = fleetControlSheet([
      fleet({ id: 'Home', side: 'blue', hex: '0202', ships: [ship('Anvil', HEAVY), ship('Brand', LINE)] }),
      fleet({ id: 'Scouts', side: 'blue', hex: '0606', ships: [ship('Spark', SCOUT)] }),
    ]);
    // 13 + 9 offensive BP: 3 attack dice; 5 + 3 defensive BP: 2 save dice.
    expect(sheet).toContain(
      'Dice each round when it fights alone: 3 attack dice (22 offensive BP, 1 per full 7), 2 save dice (8 defensive BP, 1 per full 3)',
    );
    expect(sheet).toContain(
      'Dice each round when it fights alone: no attack die (3 offensive BP, under 7), no save die (2 defensive BP, under 3)',
    );
    expect(sheet.at(-1)).toBe(
      "In a battle a side's fleets in the hex fight as one: their BP add up before the dice are counted.",
    );
  });

  it('a battle fought as a tactical game is told without strategic dice, with who won it', () => {
    const events: CampaignEvent[] = [
      { type: 'sensor', side: 'blue', fleet: 'R1', ships: 2, hex: '0505', by: 'B1' },
      { type: 'sensor', side: 'red', fleet: 'B1', ships: 1, hex: '0505', by: 'R1' },
      { type: 'battle', hex: '0505', attacker: 'blue', defender: 'red', fleets: ['B1', 'R1'] },
      { type: 'lost', side: 'red', ship: 'r1', fleet: 'R1', hex: '0505' },
      { type: 'lost', side: 'red', ship: 'r2', fleet: 'R1', hex: '0505' },
      { type: 'battle-end', hex: '0505', rounds: 0, reason: 'tactical' },
    ];
    const told = campaignNarrative(events, 'blue', sideName, { sides: ['blue', 'red'] });
    expect(told.join('\n')).not.toContain('Each round');
    expect(told).toContain('  The battle at 0505 ended: fought as a tactical battle. You lost 0 ships, the enemy 2.');
    expect(told.at(-1)).toBe("  Red's fleet R1 was destroyed; you hold 0505.");
  });

  it('the report wraps the sheet within 78 columns', () => {
    const { blue } = battle();
    for (const s of blue.sheets ?? []) for (const line of s.lines) expect(line.length, line).toBeLessThanOrEqual(78);
    expect((blue.sheets ?? [])[0]!.lines.join(' ')).toMatch(/Dice each round when it fights alone: no attack die/);
  });

  it('the battle names the fleets, says how dice are counted and why a side rolls none, and who won', () => {
    const { blue, red } = battle();
    expect(red.narrative).toContain(
      "Battle at 0405: you attack with your fleet Raid (2 ships) against Blue's fleet B1 (1 ship).",
    );
    expect(blue.narrative).toContain(
      "Battle at 0405: you defend with your fleet B1 (1 ship) against Red's fleet Raid (2 ships).",
    );
    expect(blue.narrative).toContain(
      '  Each round a side rolls 1 attack die per full 7 offensive BP and 1 save die per full 3 defensive BP of its ships still in the battle; each 5 or 6 hits or saves.',
    );
    expect(blue.narrative).toContain(
      '    The enemy attacks: 6 2 (1 hit); you save: no dice (under 3 defensive BP); you lose 1 ship.',
    );
    expect(blue.narrative).toContain(
      '    You attack: no dice (under 7 offensive BP); the enemy saves: 1 1 (0 saves); the enemy loses 0 ships.',
    );
    expect(blue.narrative).toContain('  Your fleet B1 was destroyed; Red holds 0405.');
    expect(red.narrative).toContain("  Blue's fleet B1 was destroyed; you hold 0405.");
  });
});
