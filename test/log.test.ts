import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../src/log.ts';

/** A destination that keeps every line written to it, parsed. */
function capture(): { stream: Writable; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { stream, lines };
}

describe('createLogger', () => {
  it('writes one JSON object per line, with level, ISO time, pid and message', () => {
    const { stream, lines } = capture();
    createLogger({ logLevel: 'info' }, stream).info({ game: 'orion-7' }, 'turn resolved');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      pid: process.pid,
      service: 'msc',
      game: 'orion-7',
      msg: 'turn resolved',
    });
    expect(String(lines[0]?.time)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('leaves out lines below the configured level', () => {
    const { stream, lines } = capture();
    const logger = createLogger({ logLevel: 'warn' }, stream);
    logger.info('quiet');
    logger.warn('loud');
    expect(lines.map((l) => l.msg)).toEqual(['loud']);
  });

  it('writes nothing at level silent', () => {
    const { stream, lines } = capture();
    createLogger({ logLevel: 'silent' }, stream).fatal('nothing');
    expect(lines).toEqual([]);
  });

  it('never writes a token or a password, even when a caller passes one', () => {
    const { stream, lines } = capture();
    createLogger({ logLevel: 'info' }, stream).info(
      { token: 't0ps3cret', seat: { password: 'hunter2', side: 'F' } },
      'login',
    );
    expect(JSON.stringify(lines)).not.toMatch(/t0ps3cret|hunter2/);
    expect(lines[0]).toMatchObject({ token: '[redacted]', seat: { password: '[redacted]', side: 'F' } });
  });
});
