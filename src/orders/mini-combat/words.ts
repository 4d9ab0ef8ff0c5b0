/** Mini Combat's words (rules-mini-combat.md §19, §21): keywords no id may be, and how codes are spelled. */
import { CAPABILITIES, DENIABLE } from '../../rules/mini-combat/capabilities.ts';
import { DIRECTIONS } from '../../rules/types.ts';

/** Keywords that open a setup line (§21). */
export const SETUP_KEYWORDS = ['DESIGN', 'UNIT', 'OBJECTIVE'] as const;

/**
 * Every keyword of the orders and setup languages (§19, §21) and the shared
 * lines: a unit or element id may be none of these, nor a direction word.
 */
export const RESERVED_WORDS: ReadonlySet<string> = new Set([
  ...['GAME', 'TURN', 'PASSWORD', 'HELP', 'STATUS', 'ORDERS', 'HISTORY', 'CONCEDE', 'SET', 'MESSAGE', 'END'],
  ...['UNIT', 'PATH', 'MOVE', 'FACE', 'FIRE', 'THEN', 'NEAREST', 'WEAKEST', 'HOLD', 'WITHIN', 'SPARE'],
  ...['TELEPORT', 'DROP', 'EMBARK', 'DISEMBARK', 'INSUBSTANTIAL', 'DIVE', 'SURFACE', 'LAND', 'SQUARE', 'HEAL'],
  ...['DESIGN', 'OBJECTIVE', 'AT', 'RESERVE', 'SP', 'COMMAND'],
  ...DIRECTIONS,
]);

export const isReserved = (word: string): boolean => RESERVED_WORDS.has(word.toUpperCase());

/** Capability codes by their upper-case spelling, so `drps` reads as `DrpS` (keywords in any case, §19). */
const CODE_SPELLINGS: ReadonlyMap<string, string> = new Map([
  ...CAPABILITIES.filter((c) => !c.form.includes('<') && c.key !== 'Den').map((c): [string, string] => [
    c.key.toUpperCase(),
    c.key,
  ]),
  ...DENIABLE.map((x): [string, string] => [`DEN:${x.toUpperCase()}`, `Den:${x}`]),
  ...Array.from({ length: 9 }, (_, i): [string, string] => [`T${i + 1}`, `T${i + 1}`]),
  ...Array.from({ length: 8 }, (_, i): [string, string] => [`MW${i + 2}`, `MW${i + 2}`]),
]);

/** A code as the rules spell it, or the word unchanged when it is no code (the rules then say why). */
export const spellCode = (word: string): string => CODE_SPELLINGS.get(word.toUpperCase()) ?? word;
