/**
 * `msc resolve` and `msc check`: the adjudicator on a JSON position (docs/adjudicator.md);
 * `msc campaign resolve` and `msc campaign check`: the same for a campaign turn (docs/adjudicator-campaign.md);
 * `msc scg resolve` and `msc scg check`: the same for a Simple Combat Game turn (docs/adjudicator-scg.md).
 */
import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { EXIT, type Outcome } from '../adjudicator/exit.ts';

// The adjudicators are loaded by the command that runs them, so that `msc --help` starts at once.
const tactical = () => import('../adjudicator/adjudicate.ts');
const campaigns = () => import('../adjudicator/campaign.ts');
const scgGames = () => import('../adjudicator/scg.ts');

/** Largest position document read: far above any real game, small enough to keep memory in bounds. */
const MAX_INPUT_BYTES = 16 * 1024 * 1024;

async function readInput(file: string | undefined): Promise<string> {
  if (file && file !== '-') return readFile(file, 'utf8');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of process.stdin) {
    size += (chunk as Buffer).length;
    if (size > MAX_INPUT_BYTES) throw new Error(`the input is larger than ${MAX_INPUT_BYTES} bytes`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
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

export function registerAdjudicatorCommands(program: Command): void {
  program
    .command('resolve')
    .description(
      'resolve one turn of a JSON position with its orders (file, or standard input) and print the result as JSON',
    )
    .argument('[file]', 'position file; "-" or none reads standard input')
    .option('--pretty', 'indent the JSON output')
    .action((file: string | undefined, opts: { pretty?: boolean }) =>
      run(file, async () => (await tactical()).adjudicate, opts),
    );
  program
    .command('check')
    .description(
      'check the orders of a JSON position without resolving; prints the orders as understood, or every error',
    )
    .argument('[file]', 'position file; "-" or none reads standard input')
    .option('--pretty', 'indent the JSON output')
    .action((file: string | undefined, opts: { pretty?: boolean }) =>
      run(file, async () => (await tactical()).checkOrders, opts),
    );
  const campaign = program
    .command('campaign')
    .description('the strategic campaign adjudicator: one campaign turn as JSON in, JSON out');
  campaign
    .command('resolve')
    .description('resolve one campaign turn (file, or standard input) and print the result as JSON')
    .argument('[file]', 'campaign file; "-" or none reads standard input')
    .option('--pretty', 'indent the JSON output')
    .action((file: string | undefined, opts: { pretty?: boolean }) =>
      run(file, async () => (await campaigns()).adjudicateCampaign, opts),
    );
  campaign
    .command('check')
    .description("check a campaign document's state and every side's orders without resolving")
    .argument('[file]', 'campaign file; "-" or none reads standard input')
    .option('--pretty', 'indent the JSON output')
    .action((file: string | undefined, opts: { pretty?: boolean }) =>
      run(file, async () => (await campaigns()).checkCampaignDocument, opts),
    );
  const scg = program.command('scg').description('the Simple Combat Game adjudicator: one turn as JSON in, JSON out');
  scg
    .command('resolve')
    .description('resolve one Simple Combat Game turn (file, or standard input) and print the result as JSON')
    .argument('[file]', 'game file; "-" or none reads standard input')
    .option('--pretty', 'indent the JSON output')
    .action((file: string | undefined, opts: { pretty?: boolean }) =>
      run(file, async () => (await scgGames()).adjudicateScg, opts),
    );
  scg
    .command('check')
    .description("check a Simple Combat Game document's state and every side's orders without resolving")
    .argument('[file]', 'game file; "-" or none reads standard input')
    .option('--pretty', 'indent the JSON output')
    .action((file: string | undefined, opts: { pretty?: boolean }) =>
      run(file, async () => (await scgGames()).checkScgDocument, opts),
    );
}
