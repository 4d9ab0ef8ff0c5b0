/** `msc mailbox-url`: the local mailbox link again, when the start-up lines are long gone. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildProgram, runProgram } from '../../src/cli/program.ts';
import { memoryIO } from './support.ts';

const msc = async (args: string[], env: Record<string, string>) => {
  const io = memoryIO({ env: { LOG_LEVEL: 'silent', ...env } });
  const code = await runProgram(buildProgram(io), ['node', 'msc', ...args], io);
  return { code, out: io.outLines, err: io.errLines };
};

describe('msc mailbox-url', () => {
  it('prints the link the server kept in DATA_DIR/mailbox-url', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'msc-mailbox-'));
    try {
      writeFileSync(join(dir, 'mailbox-url'), 'http://127.0.0.1:8080/mailbox?key=abc\n');
      expect(await msc(['mailbox-url'], { DATA_DIR: dir })).toMatchObject({
        code: 0,
        out: ['http://127.0.0.1:8080/mailbox?key=abc'],
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('without that file, makes it from the database and PUBLIC_URL; with MAIL_SMTP_URL there is no mailbox', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'msc-mailbox-'));
    try {
      const made = await msc(['mailbox-url'], { DATA_DIR: dir, PUBLIC_URL: 'http://games.example.org' });
      expect(made.code).toBe(0);
      expect(made.out[0]).toMatch(/^http:\/\/games\.example\.org\/mailbox\?key=[A-Za-z0-9_-]{32}$/);
      // The same key on the next run: it comes from the service key kept in the database.
      expect((await msc(['mailbox-url'], { DATA_DIR: dir, PUBLIC_URL: 'http://games.example.org' })).out).toEqual(
        made.out,
      );
      const smtp = await msc(['mailbox-url'], { DATA_DIR: dir, MAIL_SMTP_URL: 'smtp://mail.example.org:25' });
      expect(smtp.code).toBe(2);
      expect(smtp.err.join('\n')).toContain('there is no local mailbox');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
