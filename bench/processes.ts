/**
 * What the benchmarks that run the service as it is deployed share: `msc serve` with processes by role (the
 * supervisor), their CPU time from /proc, wrk POSTing orders to the web processes, and medians of interleaved windows.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { freePort } from '../test/support/pg-cluster.ts';
import { TEST_MAIL_DOMAIN, TEST_SECRET_KEY } from '../test/support/games.ts';
import { capCores, type CoreCap } from './core-cap.ts';
import { fmt } from './support.ts';

const MSC = fileURLToPath(new URL('../bin/msc.js', import.meta.url));

export const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** The machine's load average over the last minute, for a figure's line. */
export const load = (): string => fmt(loadavg()[0]!, 2);

/** CPU time (ms) a process has used, from /proc (Linux), or 0 when it is gone. */
export function cpuMsOf(pid: number): number {
  return cpuMsIn(`/proc/${pid}/stat`);
}

/** CPU time (ms) of a process's main thread alone — its JavaScript — without GC helpers and the libuv pool. */
export function mainThreadCpuMsOf(pid: number): number {
  return cpuMsIn(`/proc/${pid}/task/${pid}/stat`);
}

function cpuMsIn(statFile: string): number {
  try {
    const fields = readFileSync(statFile, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

export function childrenOf(pid: number): number[] {
  const out = spawnSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' }).stdout;
  return out
    .split('\n')
    .map((l) => Number(l.trim()))
    .filter((n) => n > 0);
}

/** A running service (or a reference server) the benchmark measures. */
export interface Served {
  /** Its web address (none when it runs no web process). */
  readonly url: string;
  /** Its SMTP receiver's port, when it runs mail processes. */
  readonly smtpPort: number;
  /** The processes doing the work (the supervisor's children, or the server itself). */
  pids(): number[];
  /** Their CPU time so far (ms). */
  cpuMs(): number;
  stop(): Promise<void>;
}

/** Starts `node ARGS…` and waits until `readyLines` lines of its standard output or error have passed `isReadyLine`. */
export async function startProcess(
  command: readonly string[],
  env: NodeJS.ProcessEnv,
  isReadyLine: (line: string) => boolean,
  readyLines: number,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, command, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let seen = 0;
  let text = '';
  await new Promise<void>((resolve, reject) => {
    const onLine = (line: string) => {
      text = `${text}${line}\n`.slice(-5_000);
      if (isReadyLine(line) && ++seen >= readyLines) resolve();
    };
    createInterface({ input: child.stdout }).on('line', onLine);
    createInterface({ input: child.stderr }).on('line', onLine);
    child.once('exit', (code) => reject(new Error(`${command.join(' ')} exited (${code}):\n${text}`)));
  });
  return child;
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** How `startService` runs the service, beyond its database and counts. */
export interface ServiceOptions {
  /** Environment settings over the benchmarks' own. */
  readonly env?: Readonly<Record<string, string>>;
  /** Node's own options for the supervisor, which its processes inherit (e.g. --cpu-prof). */
  readonly nodeOptions?: readonly string[];
  /** The msc to run: another checkout's bin/msc.js, to measure another build beside this one. */
  readonly msc?: string;
  /** Each process held to this share of a core (bench/core-cap.ts); none: as much as the machine gives. */
  readonly coreCap?: number;
}

/** `msc serve --web W --workers K --mail M` on a database, with the benchmarks' settings (no rate limits). */
export async function startService(
  databaseUrl: string,
  counts: { readonly web: number; readonly workers: number; readonly mail: number },
  { env = {}, nodeOptions = [], msc = MSC, coreCap }: ServiceOptions = {},
): Promise<Served> {
  const port = await freePort();
  const smtpPort = await freePort();
  const child = await startProcess(
    [
      ...nodeOptions,
      msc,
      'serve',
      '--web',
      String(counts.web),
      '--workers',
      String(counts.workers),
      '--mail',
      String(counts.mail),
    ],
    {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      MAIL_RECEIVE_PORT: String(smtpPort),
      SECRET_KEY: TEST_SECRET_KEY,
      MAIL_DOMAIN: TEST_MAIL_DOMAIN,
      RATE_LIMIT_ORDERS: '0',
      MAIL_RATE_PER_HOUR: '0',
      LOG_LEVEL: 'info',
      ...env,
    },
    // Each process says once that it runs.
    (line) => /^msc-pbem (listening on|running) /.test(line),
    counts.web + counts.workers + counts.mail,
  );
  // The log lines (standard output) go nowhere, as into a collector.
  child.stdout!.resume();
  const pids = () => childrenOf(child.pid!);
  let cap: CoreCap | null = null;
  try {
    cap = coreCap === undefined ? null : capCores(pids(), coreCap);
  } catch (error) {
    await stopProcess(child);
    throw error;
  }
  return {
    url: `http://127.0.0.1:${port}`,
    smtpPort,
    pids,
    cpuMs: () => pids().reduce((sum, pid) => sum + cpuMsOf(pid), 0),
    async stop() {
      await stopProcess(child);
      await cap?.release();
    },
  };
}

/** wrk's script: POST each line of the targets file (`game \t token \t JSON body`) in turn, from a random start. */
export const WRK_SCRIPT = `
local targets = {}
local i = 0
init = function(args)
  for line in io.lines(args[1]) do
    local g, t, b = line:match("^(%S+)\\t(%S+)\\t(.*)$")
    targets[#targets + 1] = { path = "/api/games/" .. g .. "/orders", token = t, body = b }
  end
  i = math.random(#targets)
end
request = function()
  i = i % #targets + 1
  local x = targets[i]
  return wrk.format("POST", x.path, { ["Content-Type"] = "application/json", ["Authorization"] = "Bearer " .. x.token }, x.body)
end
`;

/** One measured window: a rate, and the serving processes' CPU time per request (ms) where measured. */
export interface Window {
  readonly rate: number;
  readonly cpuPerCall?: number;
  /** Of that, the main threads' (the event loops'). */
  readonly mainCpuPerCall?: number;
  /** The PostgreSQL backends' CPU time per request (ms), where measured. */
  readonly postgresCpuPerCall?: number;
  readonly note?: string;
}

/** wrk against `served` for `seconds` (2 threads, `connections` connections), with the script and targets given. */
export function wrk(served: Served, seconds: number, connections: number, script: string, targets: string): Window {
  const pids = served.pids();
  const before = pids.map(cpuMsOf);
  const mainBefore = pids.map(mainThreadCpuMsOf);
  const run = spawnSync('wrk', ['-t2', `-c${connections}`, `-d${seconds}s`, '-s', script, served.url, '--', targets], {
    encoding: 'utf8',
  });
  const cpu = pids.map(cpuMsOf).reduce((a, b, i) => a + b - before[i]!, 0);
  const mainCpu = pids.map(mainThreadCpuMsOf).reduce((a, b, i) => a + b - mainBefore[i]!, 0);
  const rate = Number(/Requests\/sec:\s+([0-9.]+)/.exec(run.stdout)?.[1] ?? NaN);
  const total = Number(/(\d+) requests in/.exec(run.stdout)?.[1] ?? NaN);
  const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(run.stdout)?.[1];
  return {
    rate,
    cpuPerCall: cpu / total,
    mainCpuPerCall: mainCpu / total,
    ...(non2xx ? { note: `${non2xx} answers not 2xx` } : {}),
    ...(Number.isNaN(rate) ? { note: `wrk gave no figure: ${run.stdout}${run.stderr}` } : {}),
  };
}

/** Whether a command-line tool is installed; if not, says how to install it and sets a failing exit code. */
export function haveTool(tool: string, debianPackage: string): boolean {
  if (!spawnSync(tool, ['--version']).error) return true;
  console.error(`${tool} is not installed (apt-get install ${debianPackage}): nothing measured.`);
  process.exitCode = 1;
  return false;
}
