/**
 * Mail-body cleaning (src/orders/clean.ts): only the player's own lines count
 * (service.md: "Lines quoted from the report (`> …`), reply headers ("On …
 * wrote:"), signatures (after `-- `) … must all work").
 */
import { describe, expect, it } from 'vitest';
import { cleanBody, isReplyHeader, normalizeSpacing } from '../../src/orders/clean.ts';

const own = (body: string) =>
  cleanBody(body)
    .lines.filter((l) => l.text !== '')
    .map((l) => [l.line, l.text]);

describe('normalizeSpacing', () => {
  it.each([
    ['tabs', 'SHIP\t3\t\tSPEED 2', 'SHIP 3 SPEED 2'],
    ['non-breaking spaces', 'SHIP\u00a03\u202fSPEED\u00a02', 'SHIP 3 SPEED 2'],
    ['zero-width characters', 'SH\u200bIP 3\ufeff', 'SHIP 3'],
    ['leading and trailing spaces', '   SHIP 3   ', 'SHIP 3'],
  ])('%s', (_name, raw, text) => {
    expect(normalizeSpacing(raw)).toBe(text);
  });
});

describe('reply headers', () => {
  it.each([
    'On Mon, 3 Jan 2026 at 10:00, Alice <a@x.org> wrote:',
    'On 3 Jan 2026, at 10:00, Alice Example <alice@example.com> wrote:',
    'Le lun. 3 janv. 2026 à 10:00, Alice <a@x.org> a écrit :',
    'Le lun. 3 janv. 2026 à 10:00, Alice <a@x.org> a écrit\u00a0:',
    'Am 03.01.2026 um 10:00 schrieb Alice <a@x.org>:',
    'El lun, 3 ene 2026 a las 10:00, Alice (<a@x.org>) escribió:',
    'Il giorno lun 3 gen 2026 alle ore 10:00 Alice <a@x.org> ha scritto:',
    'Op ma 3 jan. 2026 om 10:00 schreef Alice <a@x.org>:',
  ])('%s', (line) => {
    expect(isReplyHeader(normalizeSpacing(line))).toBe(true);
    expect(own(`HELP\n${line}\n> quoted`)).toEqual([[1, 'HELP']]);
  });

  it('a line that merely quotes someone is not a header: "As Sun Tzu wrote:"', () => {
    expect(isReplyHeader('As Sun Tzu wrote:')).toBe(false);
  });

  it('a header wrapped over two lines is dropped whole', () => {
    const body = 'HELP\n\nOn Mon, 3 Jan 2026 at 10:00, Alice Example <\nalice@example.com> wrote:\n> old\nSTATUS';
    expect(own(body)).toEqual([
      [1, 'HELP'],
      [6, 'STATUS'],
    ]);
  });
});

describe("what ends the player's own text", () => {
  it.each([
    ['"-- " signature', 'HELP\n-- \nAlice\nSHIP 9'],
    ['"--" signature', 'HELP\n--\nAlice'],
    ['a mobile footer', 'HELP\n\nSent from my iPhone\nSHIP 9'],
    [
      'Outlook\'s "-----Original Message-----"',
      'HELP\n-----Original Message-----\nFrom: msc\nGAME orion-7 TURN 4\nSHIP 3 SPEED 2 MOVE 2',
    ],
    ['a forwarded message', 'HELP\n---------- Forwarded message ---------\nSHIP 3'],
    [
      "Outlook's unquoted header block",
      'HELP\n________________________________\nFrom: MSC <orders@msc.example>\nSent: Monday, 3 January 2026 10:00\nTo: Alice\nSHIP 3 SPEED 2',
    ],
    [
      'a header block without the rule',
      'HELP\n\nFrom: MSC <orders@msc.example>\nDate: Mon, 3 Jan 2026\nSubject: Turn 4\n\nSHIP 3 SPEED 2',
    ],
  ])('%s', (_name, body) => {
    expect(own(body)).toEqual([[1, 'HELP']]);
    expect(cleanBody(body).cut).toBeNull();
  });

  it('a line of underscores not followed by a header block is kept', () => {
    expect(own('HELP\n____________\nSTATUS')).toEqual([
      [1, 'HELP'],
      [2, '____________'],
      [3, 'STATUS'],
    ]);
  });
});

describe('line numbers', () => {
  it('count lines of the text as sent, whatever the line ends', () => {
    expect(own('\uFEFFHELP\r\n> q\r\n\r\nSTATUS\rORDERS\nCONCEDE')).toEqual([
      [1, 'HELP'],
      [4, 'STATUS'],
      [5, 'ORDERS'],
      [6, 'CONCEDE'],
    ]);
  });

  it('keeps blank lines (a message needs them) and the raw text', () => {
    const lines = cleanBody('a\n\n\tb ').lines;
    expect(lines.map((l) => [l.line, l.raw, l.text])).toEqual([
      [1, 'a', 'a'],
      [2, '', ''],
      [3, '\tb ', 'b'],
    ]);
  });
});
