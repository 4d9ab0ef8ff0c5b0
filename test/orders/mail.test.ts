/**
 * Whole reply mails as players send them (service.md: "Each player replies
 * with orders … Lines quoted from the report (`> …`), reply headers ("On …
 * wrote:"), signatures (after `-- `) … must all work").
 */
import { describe, expect, it } from 'vitest';
import { parseSubmission } from '../../src/orders/parse.ts';
import { formatOrders, orderBlock } from '../../src/orders/format.ts';
import { redSeat } from './fixtures.ts';

const ctx = redSeat();
const report = orderBlock(ctx);
const quoted = (text: string, prefix = '> ') =>
  text
    .trimEnd()
    .split('\n')
    .map((l) => `${prefix}${l}`)
    .join('\n');

const quotedReport = quoted(`Minimal Space Combat — game orion-7, turn 4

Movement
  ship 3 0505 -> 0503 (SPEED 2, plot 2)
Initiative: blue 5, red 2
  ship 7 fires F at ship 3, range 4: die 3 ≤ 3 + 0, hit; damage die 2: SHIELDS -1

Your order block for turn 4:

${report}
Deadline: 2026-01-05 18:00 UTC`);

function accept(text: string) {
  const r = parseSubmission(text, ctx);
  if (!r.ok) throw new Error(JSON.stringify(r.errors, null, 1));
  return r.value;
}

describe('reply mails', () => {
  it('a bottom-posted Gmail reply with the quoted report, orders, a message and a signature', () => {
    const mail = [
      'On Mon, 5 Jan 2026 at 09:12, MSC Orders <orders+k3y@msc.example> wrote:',
      quotedReport,
      '',
      'GAME orion-7 TURN 4',
      'SHIP 3  SPEED 3  MOVE 1L1 FIRE 7, 12',
      'ship a1 speed 4 move 2R1 hold',
      'MESSAGE blue',
      'Nice shot last turn.',
      '',
      'You will not get another.',
      'END',
      '',
      '-- ',
      'Alice',
      'alice@example.org',
    ].join('\r\n');
    const v = accept(mail);
    expect(v.gameId).toBe('orion-7');
    expect(v.turn).toBe(4);
    expect(formatOrders(v as { gameId: string; turn: number }, v.orders)).toBe(
      'GAME orion-7 TURN 4\nSHIP 3 SPEED 3 MOVE 1L1 FIRE 7 12\nSHIP A1 SPEED 4 MOVE 2R1 HOLD\nEND\n',
    );
    expect(v.message).toEqual({ to: 'blue', text: 'Nice shot last turn.\n\nYou will not get another.' });
    const first = mail.split(/\r?\n/).indexOf('GAME orion-7 TURN 4') + 1;
    expect(v.lines.map((l) => l.line - first)).toEqual([0, 1, 2, 3, 4, 6]);
  });

  it('a top-posted reply: orders first, then the header and the quoted report, nested quotes included', () => {
    const mail = `SHIP 5 SPEED 1 MOVE 1\n\nThanks,\n-- \nBob\n\nOn Mon, 5 Jan 2026, MSC <orders@msc.example> wrote:\n${quoted(quotedReport, '>')}\n`;
    const v = accept(mail.replace('Thanks,\n', ''));
    expect([...v.orders.keys()]).toEqual(['5']);
  });

  it('the quoted order block, unchanged, is not taken: the answer says it is as sent', () => {
    const r = parseSubmission(`On Mon, 5 Jan 2026, MSC <orders@msc.example> wrote:\n${quotedReport}\n`, ctx);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.errors.map((e) => e.code)).toEqual(['QUOTED_UNCHANGED']);
    expect(!r.ok && r.errors[0]!.message).toMatch(/order block quoted in it \(lines 11-21\) is as the service sent it/);
  });

  it('says HOLD by "ok", "no changes" or "same" above the quoted block sent back unchanged, and says how it read it', () => {
    for (const said of ['ok', 'No changes.', 'same', 'OK\nThanks']) {
      const mail = `${said}\n\nOn Mon, 5 Jan 2026, MSC <orders@msc.example> wrote:\n${quotedReport}\n`;
      const r = parseSubmission(mail, ctx);
      if (said === 'OK\nThanks') {
        // A sign-off is not a "no changes": two lines that are not both short answers are read as they are.
        expect(r.ok && r.value.commands.includes('HOLD')).toBeFalsy();
        continue;
      }
      expect(r.ok, said).toBe(true);
      const v = r.ok ? r.value : null;
      expect(v!.commands).toEqual(['HOLD']);
      expect(v!.orders.size).toBe(0);
      expect(v!.notes.join(' ')).toMatch(
        /line 1\) above the order block quoted unchanged \(lines \d+-\d+\) was read as HOLD/,
      );
    }
    // The same short line above a block the player edited is a greeting: the edits are the orders.
    const edited = quotedReport.replace(/SHIP 3 SPEED \d+ MOVE \S+/, 'SHIP 3 SPEED 1 MOVE 1');
    const r = parseSubmission(`ok\n\nOn Mon, 5 Jan 2026, MSC <orders@msc.example> wrote:\n${edited}\n`, ctx);
    expect(r.ok && r.value.commands).not.toContain('HOLD');
  });

  it('reads HOLD and NO ORDERS alone on a line as the command HOLD; NO ORDERS takes nothing after it', () => {
    for (const line of ['HOLD', 'hold', 'NO ORDERS', 'no  orders']) {
      const r = parseSubmission(`GAME orion-7 TURN 4\n${line}\nEND`, ctx);
      expect(r.ok && r.value.commands, line).toEqual(['HOLD']);
    }
    const extra = parseSubmission('GAME orion-7 TURN 4\nNO ORDERS TODAY\nEND', ctx);
    expect(!extra.ok && extra.errors.map((e) => [e.line, e.code])).toEqual([[2, 'EXTRA_WORDS']]);
  });

  it('an Outlook reply: the original follows unquoted after "-----Original Message-----"', () => {
    const mail = `SHIP 3 SPEED 1 MOVE 1\r\nEND\r\n\r\n-----Original Message-----\r\nFrom: MSC\r\nSent: Monday\r\n\r\n${report.replace(/\n/g, '\r\n')}`;
    expect([...accept(mail).orders.keys()]).toEqual(['3']);
  });

  it('a French client with non-breaking spaces and a wrapped header', () => {
    const mail = `PASSWORD k3y\u00a0\nSHIP\u00a03 SPEED\u00a02 MOVE\u00a02\n\nLe lun. 5 janv. 2026 à 09:12, MSC Orders <\norders@msc.example> a écrit\u00a0:\n${quotedReport}`;
    const v = accept(mail);
    expect(v.password).toBe('k3y');
    expect([...v.orders.keys()]).toEqual(['3']);
  });

  it('an inline reply: the player edits lines between quoted ones', () => {
    const mail = `> Your order block for turn 4:\n> GAME orion-7 TURN 4\nGAME orion-7 TURN 4\n> SHIP 3 SPEED 2 MOVE 2\nSHIP 3 SPEED 1 MOVE R\n> END\nEND`;
    const v = accept(mail);
    expect(v.orders.get('3')).toEqual({ speed: 1, plot: [{ kind: 'turn', turn: 'R' }], fire: [], hold: false });
    expect(v.lines.map((l) => l.line)).toEqual([3, 5]);
  });

  it('the order block from the report, copied unquoted and sent back unchanged, is accepted', () => {
    const v = accept(`${report}\n-- \nsent from the web`);
    expect(v.orders.size).toBeGreaterThan(0);
  });

  describe('orders edited inside the quoted report', () => {
    const edited = report.replace('SHIP 3 SPEED 2 MOVE 2', 'SHIP 3 SPEED 3 MOVE 1L1 FIRE 7');
    const expectEdited = (text: string, lines: string) => {
      const v = accept(text);
      expect(v.orders.get('3')).toEqual({
        speed: 3,
        plot: [
          { kind: 'forward', hexes: 1 },
          { kind: 'turn', turn: 'L' },
          { kind: 'forward', hexes: 1 },
        ],
        fire: ['7'],
        hold: false,
      });
      expect(v.notes[0]).toBe(
        `your orders were read from the order block you edited in the quoted mail (lines ${lines}): there were none outside the quote`,
      );
      return v;
    };

    it('Gmail: "On … wrote:" and the report quoted with "> ", the block edited in place', () => {
      expectEdited(
        `Here you go.\n\nOn Mon, 5 Jan 2026 at 09:12, MSC <orders@msc.example> wrote:\n${quoted(edited)}\n`,
        '4-14',
      );
    });

    it('Apple Mail: "> " quotes after an "On … wrote:" line wrapped in two, and a nested older report', () => {
      const mail = `On 5 Jan 2026, at 09:12, MSC Orders\n<orders@msc.example> wrote:\n\n${quoted(edited)}\n>\n${quoted(quoted(report, '>'))}`;
      expectEdited(mail, '4-14');
    });

    it('Outlook: the original unquoted under "From: … Sent: …", the block edited there', () => {
      const mail = `Thanks\r\n\r\nFrom: MSC <orders@msc.example>\r\nSent: Monday, January 5, 2026 9:12 AM\r\nTo: red@example.com\r\nSubject: [orion-7] Turn 4 report\r\n\r\n${edited.replace(/\n/g, '\r\n')}`;
      const v = expectEdited(mail, '8-18');
      expect(v.notes[1]).toBe('line 1 ("Thanks") read as a greeting or sign-off and skipped');
    });

    it('orders outside the quote come first: the quoted block is then not read', () => {
      const v = accept(
        `SHIP 5 SPEED 1 MOVE 1\n\nOn Mon, 5 Jan 2026, MSC <orders@msc.example> wrote:\n${quoted(edited)}`,
      );
      expect([...v.orders.keys()]).toEqual(['5']);
      expect(v.notes).toEqual([]);
    });

    it('a quoted block with a mistake is refused line by line, with the lines of the mail', () => {
      const r = parseSubmission(
        `On Mon, 5 Jan 2026, MSC <orders@msc.example> wrote:\n${quoted(report.replace('SHIP 3 SPEED 2 MOVE 2', 'SHIP 3 SPEED 9 MOVE 9'))}`,
        ctx,
      );
      expect(!r.ok && r.errors.map((e) => [e.line, e.code])).toEqual([[7, 'SPEED_NOT_ALLOWED']]);
    });
  });

  describe('a greeting and a sign-off without "-- "', () => {
    it('are skipped, and said so', () => {
      const v = accept(`Hi Bob,\n\nhere are my orders:\n${report}\nThanks!\nAlice`);
      expect(v.orders.size).toBeGreaterThan(0);
      expect(v.notes).toEqual([
        // Nothing after END is read anyway: "Thanks!" and "Alice" are not mentioned.
        'lines 1 and 3 ("Hi Bob,", "here are my orders:") read as a greeting or sign-off and skipped',
      ]);
    });

    it('after orders without END', () => {
      const v = accept('SHIP 3 SPEED 2 MOVE 2\nCheers');
      expect([...v.orders.keys()]).toEqual(['3']);
      expect(v.notes).toEqual(['line 2 ("Cheers") read as a greeting or sign-off and skipped']);
    });

    it('a mistyped order is never taken for prose, nor is prose between orders', () => {
      const typo = parseSubmission('SHP 3 SPEED 2 MOVE 2', ctx);
      expect(!typo.ok && typo.errors.map((e) => e.code)).toEqual(['UNKNOWN_KEYWORD']);
      const middle = parseSubmission('SHIP 3 SPEED 2 MOVE 2\nand then:\nSHIP 5 SPEED 1 MOVE 1', ctx);
      expect(!middle.ok && middle.errors.map((e) => [e.line, e.code])).toEqual([[2, 'UNKNOWN_KEYWORD']]);
    });

    it('a greeting alone: no orders, and the answer says what was skipped', () => {
      const r = parseSubmission('Hello there!', ctx);
      expect(!r.ok && r.errors.map((e) => e.code)).toEqual(['EMPTY']);
      expect(!r.ok && r.errors[0]!.message).toContain(
        'line 1 ("Hello there!") read as a greeting or sign-off and skipped',
      );
    });
  });
});
