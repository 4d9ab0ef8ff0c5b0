/**
 * The `msc` program run in-process: its output kept as strings, its games
 * reached through a client the test chooses — the use cases on a test
 * database, or the real web app's API over HTTP.
 */
import type { GamesClient } from '../../src/cli/games-client.ts';
import type { CliIO } from '../../src/cli/io.ts';
import { buildProgram, runProgram } from '../../src/cli/program.ts';

export interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  /** Standard output parsed as JSON (for --json). */
  json<T = Record<string, unknown>>(): T;
}

export interface RunOptions {
  readonly stdin?: string;
  readonly env?: Record<string, string | undefined>;
}

export function memoryIO(
  options: RunOptions = {},
): CliIO & { readonly outLines: string[]; readonly errLines: string[] } {
  const outLines: string[] = [];
  const errLines: string[] = [];
  return {
    outLines,
    errLines,
    out: (text) => void outLines.push(text),
    err: (text) => void errLines.push(text),
    env: options.env ?? {},
    readStdin: async () => options.stdin ?? '',
  };
}

/** A function that runs `msc ARGS…` with the games reached through `openClient`. */
export function mscWith(openClient: (options: { key?: string }) => Promise<GamesClient>) {
  return async (args: readonly string[], options: RunOptions = {}): Promise<Run> => {
    const io = memoryIO(options);
    const code = await runProgram(buildProgram(io, { openClient }), ['node', 'msc', ...args], io);
    const stdout = io.outLines.map((l) => `${l}\n`).join('');
    const stderr = io.errLines.map((l) => `${l}\n`).join('');
    return { code, stdout, stderr, json: <T>() => JSON.parse(stdout) as T };
  };
}

/** Orders-language text for one ship. */
export const ordersFor = (gameId: string, turn: number, line: string) => `GAME ${gameId} TURN ${turn}\n${line}\nEND\n`;
