/**
 * The README's "A first game in five minutes", pasted in order as a user would: `msc serve` (what `npm start`
 * runs) on its defaults but a free port and a temp folder, then every command of the section's code blocks run
 * by a shell, with the placeholders (game id, tokens, key, port) replaced by what the commands printed. Also
 * what a terminal shows: each command's answer on standard output and nothing else there, the notes on standard
 * error, and no request log line from the server at the default log level.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_FILE } from '../../src/db/lock.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const hasCurl = spawnSync('curl', ['--version']).status === 0;

/** The shell commands of the README section: one per line, continuation lines joined. */
function sectionCommands(): string[][] {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const section = readme.split(/^## A first game in five minutes$/m)[1]?.split(/^## /m)[0] ?? '';
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) =>
    m[1]!
      .replace(/\\\n\s*/g, '')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
  );
}

/** Settings of this machine's environment that would change what the commands do are left out. */
function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env))
    if (!/^(DATABASE_URL|DATA_DIR|PORT|HOST|PUBLIC_URL|MSC_.*|LOG_LEVEL|MAIL_.*)$/.test(k)) env[k] = v;
  return { ...env, ...extra };
}

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

function shell(command: string, env: NodeJS.ProcessEnv): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', command], { cwd: root, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe("the README's first game, pasted in order against a running service", () => {
  let dir: string;
  let env: NodeJS.ProcessEnv;
  let serve: ChildProcess;
  let serverOut = '';
  let serverErr = '';
  let hostPort: string;
  const blocks = sectionCommands();
  const values = new Map<string, string>();
  /** A README line as the user pastes it once they have the ids: the local `msc`, the placeholders filled. */
  const pasted = (line: string) => {
    let text = line.replace(/\bnpx msc\b/g, 'node bin/msc.js').replace(/localhost:8080/g, hostPort);
    for (const [placeholder, value] of values) text = text.replaceAll(placeholder, value);
    return text;
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'msc-readme-'));
    env = cleanEnv({ DATA_DIR: join(dir, 'data'), MAIL_RECEIVE_PORT: '0' });
    serve = spawn(process.execPath, ['bin/msc.js', 'serve'], { cwd: root, env: { ...env, PORT: '0' } });
    serve.stdout!.on('data', (c: Buffer) => (serverOut += c.toString()));
    const url = await new Promise<string>((resolve, reject) => {
      serve.stderr!.on('data', (c: Buffer) => {
        serverErr += c.toString();
        // Where it listens, then how mail comes and goes.
        const m = /listening on (http:\/\/\S+)[\s\S]*?\nmail: .*\n/.exec(serverErr);
        if (m) resolve(m[1]!);
      });
      serve.on('close', (code) => reject(new Error(`msc serve exited ${code}: ${serverErr}`)));
    });
    hostPort = url.replace(/^http:\/\//, '');
    // `msc game` finds the server by the URL it records in the data directory's lock.
    for (let i = 0; i < 100 && !readFileSync(join(dir, 'data', LOCK_FILE), 'utf8').includes(url); i++)
      await new Promise((r) => setTimeout(r, 100));
  }, 120_000);

  afterAll(async () => {
    if (serve && serve.exitCode === null) {
      const exited = new Promise((resolve) => serve.on('close', resolve));
      serve.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('the section has the create command, the turn played by both players, and the curl example', () => {
    expect(blocks.map((b) => b.length)).toEqual([1, 4, 1]);
    expect(blocks[0]![0]).toMatch(/^npx msc game create /);
    expect(blocks[2]![0]).toMatch(/^curl /);
  });

  it('npm start: its lines for people on standard error, only JSON log lines on standard output', () => {
    expect(serverErr).toMatch(/msc-pbem listening on http:\/\/127\.0\.0\.1:\d+/);
    expect(serverErr).toMatch(/mailbox\?key=/);
    for (const line of serverOut.split('\n').filter(Boolean)) expect(() => JSON.parse(line), line).not.toThrow();
  });

  it('msc game create prints the game id, the key and the tokens on standard output; the reminder on standard error', async () => {
    const r = await shell(pasted(blocks[0]![0]!), env);
    expect(r.code, r.stderr).toBe(0);
    const id = /^Created game (\S+) /m.exec(r.stdout)?.[1];
    const key = /^Moderator key: (\S+)$/m.exec(r.stdout)?.[1];
    const ann = /^black\s+Ann <ann@example\.org>\s+(\S+)$/m.exec(r.stdout)?.[1];
    const bob = /^grey\s+Bob <bob@example\.org>\s+(\S+)$/m.exec(r.stdout)?.[1];
    expect([id, key, ann, bob].every(Boolean), r.stdout).toBe(true);
    values.set('tutorial-ab12cd', id!).set('MODERATOR_KEY', key!).set('ANN_TOKEN', ann!).set('BOB_TOKEN', bob!);
    expect(r.stdout).not.toContain('shown this once');
    expect(r.stderr).toContain('These secrets are shown this once');
  }, 60_000);

  it('both players order turn 1; the turn and the game read back at once, turn 2 open', async () => {
    const outcomes: Outcome[] = [];
    for (const line of blocks[1]!) {
      const r = await shell(pasted(line), env);
      expect(r.code, `${line}\n${r.stderr}`).toBe(0);
      expect(r.stderr, line).toBe('');
      outcomes.push(r);
    }
    const [ann, bob, turn, show] = outcomes.map((o) => o.stdout);
    expect(ann).toContain('SHIP Black SPEED 3 MOVE 2R');
    expect(bob).toContain('Every side is in: turn 1 is resolved; turn 2 is open.');
    expect(turn).toMatch(/turn 1: resolved/);
    expect(turn).toContain('Black SPEED 3 2R: 0408 → 0406');
    expect(show).toMatch(/^Turn 2: open/m);
    expect(show).toContain('ann@example.org');
  }, 90_000);

  it.skipIf(!hasCurl)('the curl example is accepted: orders for turn 2 over the JSON API', async () => {
    const r = await shell(pasted(blocks[2]![0]!), env);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ accepted: true, turn: 2, stored: true });
  });

  it('no request was logged at the default level', () => {
    expect(serverOut).not.toContain('request completed');
    expect(serverOut).not.toContain('"module":"http"');
  });
});
