/**
 * Each game kind's stand-alone adjudicator (`GameKind.adjudicator`), as the registry lists them: `msc resolve` and
 * `msc check` for the kind without a command word (the tactical battle, docs/adjudicator.md),
 * `msc <word> resolve|check` for the others (`msc campaign …`, docs/adjudicator-campaign.md; `msc mini …` with its
 * `cost`).
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Command } from 'commander';
import { EXIT, type Outcome } from '../adjudicator/exit.ts';
import { kindOf, RULESETS } from '../kinds/index.ts';
import type { AdjudicatorCommands } from '../kinds/kind.ts';

/** Largest position document read: far above any real game, small enough to keep memory in bounds. */
const MAX_INPUT_BYTES = 16 * 1024 * 1024;

const tooLarge = () => new Error(`the input is larger than ${MAX_INPUT_BYTES} bytes`);

/** Reads a stream whole, stopping as soon as it passes MAX_INPUT_BYTES. */
async function readCapped(stream: AsyncIterable<unknown>): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > MAX_INPUT_BYTES) throw tooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** A file or standard input, at most MAX_INPUT_BYTES either way (a file's size is checked before it is read). */
async function readInput(file: string | undefined): Promise<string> {
  if (!file || file === '-') return readCapped(process.stdin);
  if ((await stat(file)).size > MAX_INPUT_BYTES) throw tooLarge();
  // Read as a stream all the same: a device or a file growing meanwhile is held to the same limit.
  const stream = createReadStream(file);
  try {
    return await readCapped(stream);
  } finally {
    stream.destroy();
  }
}

async function run(
  file: string | undefined,
  load: () => Promise<(text: string) => Outcome>,
  opts: { pretty?: boolean },
): Promise<void> {
  let text: string;
  try {
    text = await readInput(file);
  } catch (e) {
    const reason = e instanceof Error ? e.message : String(e);
    process.stdout.write(
      `${JSON.stringify({ errors: [{ code: 'UNREADABLE_INPUT', message: `cannot read ${file ?? 'standard input'}: ${reason}` }] })}\n`,
    );
    process.exitCode = EXIT.invalid;
    return;
  }
  const outcome = (await load())(text);
  if (outcome.stdout !== undefined)
    process.stdout.write(`${JSON.stringify(outcome.stdout, null, opts.pretty ? 2 : undefined)}\n`);
  if (outcome.stderr) process.stderr.write(`${outcome.stderr}\n`);
  process.exitCode = outcome.exitCode;
}

/** An adjudicator's commands under `parent`: the program itself, or its command group. */
function addCommands(parent: Command, adjudicator: AdjudicatorCommands): void {
  for (const [name, command] of Object.entries(adjudicator.commands))
    parent
      .command(name)
      .description(command.description)
      .argument('[file]', command.file)
      .option('--pretty', 'indent the JSON output')
      .action((file: string | undefined, opts: { pretty?: boolean }) => run(file, () => command.load(), opts));
}

export function registerAdjudicatorCommands(program: Command): void {
  // The kind without a command word first: its commands are the program's own.
  const adjudicators = RULESETS.map((ruleset) => kindOf(ruleset).adjudicator).sort(
    (a, b) => Number(a.command !== undefined) - Number(b.command !== undefined),
  );
  for (const adjudicator of adjudicators) {
    if (adjudicator.command === undefined) addCommands(program, adjudicator);
    else addCommands(program.command(adjudicator.command).description(adjudicator.description ?? ''), adjudicator);
  }
}
