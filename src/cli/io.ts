/**
 * Where a command reads and writes: standard streams in the real `msc`,
 * strings in tests. Also the little formatting every read command shares —
 * plain tables, times in UTC, JSON.
 */
import { readFile } from 'node:fs/promises';
import type { Env } from './context.ts';
import { CliError } from './cli-error.ts';

export interface CliIO {
  /** One line (or block) of the command's answer on standard output. */
  out(text: string): void;
  /** Notes and warnings, on standard error. */
  err(text: string): void;
  readStdin(): Promise<string>;
  readonly env: Env;
  readonly stderr?: NodeJS.WritableStream;
}

/** Largest file or standard input read: far above any real order text or fleet. */
const MAX_INPUT_BYTES = 64 * 1024 * 1024;

export function processIO(): CliIO {
  return {
    out: (text) => process.stdout.write(`${text}\n`),
    err: (text) => process.stderr.write(`${text}\n`),
    env: process.env,
    stderr: process.stderr,
    async readStdin() {
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of process.stdin) {
        size += (chunk as Buffer).length;
        if (size > MAX_INPUT_BYTES) throw new CliError(`standard input is larger than ${MAX_INPUT_BYTES} bytes`);
        chunks.push(chunk as Buffer);
      }
      return Buffer.concat(chunks).toString('utf8');
    },
  };
}

/** A file's text, or standard input for none or "-". */
export async function readInput(io: CliIO, file: string | undefined): Promise<string> {
  if (!file || file === '-') return io.readStdin();
  try {
    const text = await readFile(file, 'utf8');
    if (text.length > MAX_INPUT_BYTES) throw new CliError(`${file} is larger than ${MAX_INPUT_BYTES} bytes`);
    return text;
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError(
      `cannot read ${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`,
    );
  }
}

export async function readJsonFile(io: CliIO, file: string | undefined): Promise<unknown> {
  const text = await readInput(io, file);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new CliError(`${file ?? 'standard input'} is not valid JSON: ${(error as Error).message}`);
  }
}

export function printJson(io: CliIO, value: unknown): void {
  io.out(JSON.stringify(value, null, 2));
}

/** A time as "2026-01-05 12:00 UTC"; "-" for none. */
export function when(iso: string | null | undefined): string {
  if (!iso) return '-';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** Columns padded to their widest cell, two spaces apart; no tabs, so it survives any terminal or mail. */
export function table(headers: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(headers), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

export const yesNo = (b: boolean | undefined): string => (b ? 'yes' : '-');
