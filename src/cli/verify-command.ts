/**
 * `msc verify <export.json>`: replays a downloaded game — a campaign with
 * the battles it fought as linked games included — from its seed and orders
 * and checks every roll and result (src/games/archive/verify.ts,
 * docs/archive.md). Exit 0 verified, 1 the first mismatch, 2 a file that
 * cannot be read or is not a game export. Needs no database and no server.
 */
import { readFile, stat } from 'node:fs/promises';
import type { Command } from 'commander';
import type { Mismatch, VerifySummary } from '../games/archive/verify.ts';
import type { CliIO } from './io.ts';

const VERIFY_EXIT = { verified: 0, mismatch: 1, unreadable: 2 } as const;

/** Largest export read: a long game with many ships is a few MB. */
const MAX_EXPORT_BYTES = 64 * 1024 * 1024;

export interface VerifyOptions {
  readonly json?: boolean;
}

class Unreadable extends Error {
  constructor(
    readonly code: 'UNREADABLE_INPUT' | 'MALFORMED_JSON' | 'NOT_A_GAME_EXPORT',
    message: string,
    readonly problems: readonly string[] = [],
  ) {
    super(message);
  }
}

async function readText(io: CliIO, file: string): Promise<string> {
  if (file === '-') return io.readStdin();
  try {
    if ((await stat(file)).size > MAX_EXPORT_BYTES)
      throw new Unreadable('UNREADABLE_INPUT', `cannot read ${file}: larger than ${MAX_EXPORT_BYTES} bytes`);
    return await readFile(file, 'utf8');
  } catch (error) {
    if (error instanceof Unreadable) throw error;
    const why = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message;
    throw new Unreadable('UNREADABLE_INPUT', `cannot read ${file}: ${why}`);
  }
}

async function readExport(io: CliIO, file: string): Promise<unknown> {
  const name = file === '-' ? 'standard input' : file;
  let text: string;
  try {
    text = await readText(io, file);
  } catch (error) {
    if (error instanceof Unreadable) throw error;
    throw new Unreadable('UNREADABLE_INPUT', `cannot read ${name}: ${(error as Error).message}`);
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    throw new Unreadable('MALFORMED_JSON', `${name} is not valid JSON: ${(error as Error).message}`);
  }
  const { parseExport } = await import('../games/archive/verify.ts');
  const parsed = parseExport(doc);
  if (!parsed.ok)
    throw new Unreadable(
      'NOT_A_GAME_EXPORT',
      `${name} is not a game export (msc game export, or the archive's JSON download)`,
      parsed.problems.slice(0, 20),
    );
  return doc;
}

/** A value in a line of text: JSON, cut short when long. */
function shown(value: unknown): string {
  if (value === undefined) return '(absent)';
  const text = JSON.stringify(value);
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

function mismatchText(m: Mismatch): string {
  return `mismatch${m.turn === null ? '' : ` in turn ${m.turn}`}: ${m.what}: expected ${shown(m.expected)}, found ${shown(m.found)}`;
}

/** A campaign's battles fought as linked games, each verified as its own game. */
const battlesText = (n: number): string =>
  n === 0 ? '' : ` and ${n} linked ${n === 1 ? 'battle' : 'battles'} (each a whole game)`;

function summaryText(turns: number, s: VerifySummary): string {
  const outcome = s.status !== 'finished' ? s.status : s.winner === 'draw' ? 'a draw' : `${s.winner} wins`;
  return [
    `verified: ${turns} turns${battlesText(s.battles)}, seed matches its commitment`,
    `game ${s.gameId} "${s.name}": ${outcome}${s.ending && s.status === 'finished' && s.ending !== 'draw' ? ` (${s.ending})` : ''}; ${s.diceRolled} dice rolled from seed ${s.seed}`,
  ].join('\n');
}

/** JSON with absent values written as null, so a mismatch keeps both its sides. */
const json = (value: unknown): string => JSON.stringify(value, (_key, v: unknown) => (v === undefined ? null : v), 2);

/** Runs the verification; returns the exit code. */
export async function runVerify(io: CliIO, file: string, opts: VerifyOptions = {}): Promise<number> {
  let doc: unknown;
  try {
    doc = await readExport(io, file);
  } catch (error) {
    if (!(error instanceof Unreadable)) throw error;
    if (opts.json)
      io.out(json({ ok: false, error: { code: error.code, message: error.message, problems: error.problems } }));
    else io.err([`msc: ${error.message}`, ...error.problems.map((p) => `  - ${p}`)].join('\n'));
    return VERIFY_EXIT.unreadable;
  }
  const { verifyExport } = await import('../games/archive/verify.ts');
  const result = verifyExport(doc);
  if (opts.json) io.out(json(result));
  else io.out(result.ok ? summaryText(result.turns, result.summary) : mismatchText(result.mismatch));
  return result.ok ? VERIFY_EXIT.verified : VERIFY_EXIT.mismatch;
}

export function registerVerifyCommand(program: Command, io: CliIO): void {
  program
    .command('verify')
    .description(
      'replay a game export from its seed and orders: checks the seed against its commitment and every roll and result (exit 0 verified, 1 a mismatch, 2 unreadable)',
    )
    .argument('<export.json>', 'the export (msc game export, or the archive download); "-" reads standard input')
    .option('--json', 'print the result as JSON')
    .action(async (file: string, opts: VerifyOptions) => {
      // Its own exit codes, as msc resolve has (main.ts keeps them).
      process.exitCode = await runVerify(io, file, opts);
    });
}
