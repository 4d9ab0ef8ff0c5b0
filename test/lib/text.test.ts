/**
 * The one sanitizer of text a person wrote (src/lib/text.ts). service.md
 * "Mail": replies quote a player's words back "safely"; every input can be
 * hostile, so nothing a player writes may hide or reorder what a reader sees.
 */
import { describe, expect, it } from 'vitest';
import { plainText } from '../../src/lib/text.ts';
import { show } from '../../src/orders/words.ts';

const C0 = Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i)).join('');
const C1 = Array.from({ length: 0x21 }, (_, i) => String.fromCharCode(0x7f + i)).join('');
const INVISIBLE = '\u200B\u200C\u200D\u200E\u200F\u202A\u202B\u202C\u202D\u202E\u2060\u2066\u2067\u2068\u2069\uFEFF';

describe('plainText', () => {
  it('takes out every control character, C0, DEL and C1', () => {
    expect(plainText(`a${C0}b${C1}c`)).toBe('abc');
  });

  it('takes out zero-width and direction-changing characters and the byte order mark', () => {
    expect(plainText(`\uFEFFpay\u202Eevil\u200Bly${INVISIBLE}`)).toBe('payevilly');
  });

  it('takes out half a surrogate pair, keeps a whole one', () => {
    expect(plainText('a\uD83Db\uDE80c🚀')).toBe('abc🚀');
  });

  it('keeps tabs and line feeds only when asked, and never a carriage return', () => {
    expect(plainText('a\tb\r\nc')).toBe('abc');
    expect(plainText('a\tb\r\nc', { tabs: true })).toBe('a\tbc');
    expect(plainText('a\tb\r\nc', { lineFeeds: true })).toBe('ab\nc');
    expect(plainText('a\tb\r\nc', { tabs: true, lineFeeds: true })).toBe('a\tb\nc');
  });

  it('puts the replacement in place of each character taken out', () => {
    expect(plainText('a\u0007b\u202Ec', { replacement: '?' })).toBe('a?b?c');
  });

  it('leaves ordinary text alone: letters of any script, punctuation, spaces, no-break spaces', () => {
    const text = 'Ça va? Ζ-7 «ΣΤΟΛΟΣ» 東 — 100\u00A0BP';
    expect(plainText(text)).toBe(text);
  });
});

describe("the players' words shown back in a reply (orders/words.ts show)", () => {
  it('control and invisible characters become "?"; a word cut short keeps no half character', () => {
    expect(show('SH\u0000IP\u202E')).toBe('SH?IP?');
    expect(show(`${'x'.repeat(23)}🚀`)).toBe(`${'x'.repeat(23)}…`);
  });
});
