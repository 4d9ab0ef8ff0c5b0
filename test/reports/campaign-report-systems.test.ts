/**
 * "A systems table: no report or page lists the star systems" (issue "Campaigns as players live them", item 4): the
 * text report's Star Systems sheet (78 columns) lists each system's name, hex, owner, production, when it was
 * captured, and what the side knows of enemy fleets there — only what its view holds (rules-strategic.md §6).
 */
import { describe, expect, it } from 'vitest';
import { kind, sideName } from '../kinds/strategic/support.ts';
import { systemRows } from '../../src/reports/campaign-systems.ts';
import { sideView } from '../../src/rules/strategic/views.ts';
import { composeTurnReport } from '../../src/mail/compose.ts';
import type { Campaign } from '../../src/rules/strategic/types.ts';
import { campaign, fleet, LINE, ship, system } from '../rules/strategic/fixtures.ts';

const game = (more: Partial<Campaign> = {}): Campaign =>
  campaign({
    map: { width: 20, height: 10 },
    turn: 5,
    systems: [
      system('0202', { home: 'blue', owner: 'blue', capturedTurn: 0, name: 'Sol' }),
      system('0505', { owner: 'blue', capturedTurn: 4, name: 'Vega' }),
      system('0606', { held: 'blue' }),
      system('1005', { owner: 'red', capturedTurn: 2, name: 'Rigel' }),
      system('1606', { name: 'Deneb' }),
      system('1909', { home: 'red', owner: 'red', capturedTurn: 0, name: 'Antares' }),
    ],
    fleets: [
      fleet({ id: 'Home', side: 'blue', hex: '0606', ships: [ship('b1', LINE)] }),
      fleet({ id: 'Raid', side: 'red', hex: '0505', ships: [ship('r1'), ship('r2')] }),
      fleet({ id: 'Guard', side: 'red', hex: '1909', ships: [ship('r3')] }),
      fleet({ id: 'Picket', side: 'red', hex: '1606', ships: [ship('r4')] }),
    ],
    ...more,
  });

const report = (c: Campaign, side: string | null) =>
  kind.report({
    game: { id: 'c1', name: 'Campaign' },
    turn: c.turn,
    state: c,
    history: [
      {
        number: c.turn - 1,
        events: [{ type: 'sensor', side: 'blue', fleet: 'Raid', ships: 2, hex: '0505', by: 'Home' }],
      },
    ],
    deadline: null,
    reader: side === null ? { kind: 'observer', timeZone: 'UTC' } : { kind: 'seat', side, timeZone: 'UTC' },
    sideName,
    seedCommitment: null,
  });

const rowOf = (lines: readonly string[], hex: string) => lines.find((l) => l.startsWith(`${hex}  `));

describe('the Star Systems sheet', () => {
  it('lists every system with its name, hex, owner, production, capture and the enemy fleets seen there', () => {
    const sheet = report(game(), 'blue').sheets!.find((s) => s.title === 'Star Systems: Blue')!;
    expect(sheet.lines[0]).toBe('Hex   System          Owner   Produces  Captured  Enemy fleets');
    expect(rowOf(sheet.lines, '0202')).toBe('0202  Sol (home)      you     1 BP      start     none');
    // Captured in turn 4: it first produces in turn 6 (§4); Red's Raid is there, its 2 ships known from sensors.
    expect(rowOf(sheet.lines, '0505')).toBe('0505  Vega            you     from t6   turn 4    Raid (2)');
    // Held by Blue at the end of the last turn: captured if Blue is still alone there at the end of this one.
    expect(rowOf(sheet.lines, '0606')).toBe('0606  -               nobody  -         held      none');
    expect(rowOf(sheet.lines, '1005')).toBe('1005  Rigel           Red     1 BP      turn 2    none');
    // Fog "positions": every enemy fleet's position is known, its count only when detected.
    expect(rowOf(sheet.lines, '1606')).toBe('1606  Deneb           nobody  -         -         Picket (?)');
    expect(rowOf(sheet.lines, '1909')).toBe('1909  Antares (home)  Red     1 BP      start     Guard (?)');
    for (const line of sheet.lines) expect(line.length, line).toBeLessThanOrEqual(78);
  });

  it('with fog "sensors" a system beyond the side’s sensors says the enemy there is not known', () => {
    const c = game({ options: { battles: 'strategic', fog: 'sensors', turnLimit: null } });
    const lines = report(c, 'blue').sheets!.find((s) => s.title === 'Star Systems: Blue')!.lines;
    expect(rowOf(lines, '0505')).toMatch(/ Raid \(2\)$/);
    expect(rowOf(lines, '0606')).toMatch(/ none seen$/);
    expect(rowOf(lines, '0202')).toMatch(/ not known$/);
    expect(rowOf(lines, '1606')).toMatch(/ not known$/);
    expect(rowOf(lines, '1909')).toMatch(/ not known$/);
    expect(lines.join('\n')).not.toMatch(/Picket|Guard/);
  });

  it('a home another side owns says whose home it is; the other side sees it from its own side', () => {
    const c = game({
      systems: [
        system('0202', { home: 'blue', owner: 'red', capturedTurn: 4, name: 'Sol' }),
        system('1909', { home: 'red', owner: 'red', capturedTurn: 0, name: 'Antares' }),
      ],
    });
    const red = report(c, 'red').sheets!.find((s) => s.title === 'Star Systems: Red')!.lines;
    expect(rowOf(red, '0202')).toMatch(/^0202 {2}Sol \(Blue's home\) {2}you +from t6 +turn 4 /);
    const blue = report(c, 'blue').sheets!.find((s) => s.title === 'Star Systems: Blue')!.lines;
    expect(rowOf(blue, '0202')).toMatch(/^0202 {2}Sol \(your home\) {2}Red /);
  });

  it('the moderator and the archive see every fleet at every system, by side', () => {
    const rows = systemRows(sideView(game(), 'blue', {}), { fog: 'positions', sideName, reader: null });
    expect(rows.find((r) => r.hex === '0606')!.enemy).toBe("Blue's Home (1)");
    const sheet = report(game(), null).sheets!.find((s) => s.title === 'Star Systems')!;
    expect(rowOf(sheet.lines, '0505')).toMatch(/Red's Raid \(2\)$/);
  });

  it('the HTML part of the report holds the same table', () => {
    const mail = composeTurnReport(report(game(), 'blue'));
    expect(mail.html).toContain('Star Systems: Blue');
    expect(mail.html).toContain('0505  Vega            you     from t6   turn 4    Raid (2)');
    expect(mail.text).toContain('0505  Vega            you     from t6   turn 4    Raid (2)');
    for (const line of mail.text.split('\n')) expect(line.length, line).toBeLessThanOrEqual(78);
  });
});
