/**
 * The HTTP way of `msc game …`, against a stub server that records what it
 * was sent: the requests the API expects, and every way an answer can fail.
 * (game-commands.test.ts runs the same commands against the real web app.)
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CliError } from '../../src/cli/errors.ts';
import { HttpGamesClient } from '../../src/cli/http-client.ts';
import { AppError } from '../../src/games/errors.ts';

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

let server: Server;
let url: string;
let seen: Seen[];
/** What the stub answers next: status and body. */
let reply: { status: number; body: unknown; raw?: string };
/** Answers for the next requests, in order, before `reply`. */
let replies: Array<{ status: number; body: unknown }>;

beforeEach(async () => {
  seen = [];
  reply = { status: 200, body: {} };
  replies = [];
  server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: text ? JSON.parse(text) : undefined,
      });
      const answer = replies.shift() ?? reply;
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end('raw' in answer && answer.raw !== undefined ? answer.raw : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('HttpGamesClient', () => {
  it('a seat token travels as a Bearer header; orders as {"text"}', async () => {
    reply = {
      status: 200,
      body: {
        accepted: true,
        turn: 3,
        stored: true,
        canonical: 'GAME g TURN 3\nEND\n',
        deadline: '2026-01-08T12:00:00.000Z',
        turnComplete: false,
        commands: [],
      },
    };
    const a = await new HttpGamesClient(`${url}/`).submitOrders('orion-7', 'seat-token', 'SHIP 3 SPEED 3');
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/api/games/orion-7/orders',
      body: { text: 'SHIP 3 SPEED 3' },
    });
    expect(seen[0]!.headers.authorization).toBe('Bearer seat-token');
    expect(seen[0]!.headers['content-type']).toBe('application/json');
    expect(a).toMatchObject({
      gameId: 'orion-7',
      turn: 3,
      stored: true,
      deadline: '2026-01-08T12:00:00.000Z',
      side: null,
      resolved: null,
    });
  });

  it('orders that complete the turn wait for the server to resolve it, reading the game with the seat token', async () => {
    const complete = { accepted: true, turn: 1, stored: true, canonical: '', turnComplete: true, commands: [] };
    const game = (turn: number, status = 'active') => ({
      status: 200,
      body: { game: { status, turn: { number: turn } } },
    });
    replies = [{ status: 200, body: complete }, game(1), game(1), game(2)];
    const a = await new HttpGamesClient(url).submitOrders('orion-7', 'seat-token', 'SHIP 3 SPEED 3');
    expect(a.resolved).toEqual({ turn: 1, gameOver: false });
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      'POST /api/games/orion-7/orders',
      'GET /api/games/orion-7',
      'GET /api/games/orion-7',
      'GET /api/games/orion-7',
    ]);
    expect(seen[3]!.headers.authorization).toBe('Bearer seat-token');

    seen = [];
    replies = [{ status: 200, body: complete }, game(1, 'finished')];
    expect((await new HttpGamesClient(url).submitOrders('orion-7', 't', 'x')).resolved).toEqual({
      turn: 1,
      gameOver: true,
    });
  });

  it('when no worker resolves the turn in time, the answer says only that every side is in', async () => {
    replies = [{ status: 200, body: { accepted: true, turn: 1, stored: true, turnComplete: true, commands: [] } }];
    reply = { status: 200, body: { game: { status: 'active', turn: { number: 1 } } } };
    const a = await new HttpGamesClient(url, { resolveWaitMs: 300 }).submitOrders('orion-7', 't', 'x');
    expect(a).toMatchObject({ turnComplete: true, resolved: null });
  });

  it('moderator actions send the key, and a reason only when there is one', async () => {
    reply = { status: 200, body: { deadline: null } };
    const client = new HttpGamesClient(url, { key: 'mod-key' });
    await client.setDeadline('g-1', { none: true }, null);
    await client.setDeadline('g-1', { extendHours: 6 }, 'sick');
    await client.end('g-1', 'abandon', null);
    await client.concede('g-1', 'grey', null);
    expect(seen.map((s) => [s.method, s.url, s.body])).toEqual([
      ['POST', '/api/games/g-1/deadline', { deadline: null }],
      ['POST', '/api/games/g-1/deadline', { extendHours: 6, reason: 'sick' }],
      ['POST', '/api/games/g-1/end', { how: 'abandon' }],
      ['POST', '/api/games/g-1/seats/grey/concede', {}],
    ]);
    expect(seen.every((s) => s.headers.authorization === 'Bearer mod-key')).toBe(true);
  });

  it('without --key a moderator action says what is missing and sends nothing', async () => {
    const error = await new HttpGamesClient(url).pause('g-1', null).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CliError);
    expect((error as Error).message).toContain(`held by the server at ${url}`);
    expect((error as Error).message).toContain('pass --key KEY');
    expect(seen).toEqual([]);
  });

  it('show without the key asks for the public view (no Authorization header)', async () => {
    reply = { status: 200, body: { role: 'public', game: { id: 'g-1' } } };
    expect(await new HttpGamesClient(url).show('g-1')).toEqual({ id: 'g-1' });
    expect(seen[0]!.headers.authorization).toBeUndefined();
  });

  it('an error answer becomes the AppError it stands for, problems and all', async () => {
    reply = {
      status: 422,
      body: {
        error: {
          code: 'ORDERS_REJECTED',
          message: 'not accepted',
          problems: [{ code: 'SPEED_NOT_ALLOWED', message: 'SPEED 4 not allowed', line: 2, ship: 'B' }],
        },
      },
    };
    const error = await new HttpGamesClient(url).submitOrders('g-1', 't', 'x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      code: 'ORDERS_REJECTED',
      status: 422,
      message: 'not accepted',
      problems: [{ code: 'SPEED_NOT_ALLOWED', line: 2, ship: 'B' }],
    });
  });

  it("a server's internal error is not the user's: a plain Error (exit code 1)", async () => {
    reply = {
      status: 500,
      body: { error: { code: 'INTERNAL', message: 'something went wrong on our side', problems: [] } },
    };
    const error = await new HttpGamesClient(url).list().catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(AppError);
    expect((error as Error).message).toContain('answered GET /api/games with 500');
  });

  it('an answer that is not JSON', async () => {
    reply = { status: 200, body: null, raw: '<html>' };
    await expect(new HttpGamesClient(url).list()).rejects.toThrow(/something other than JSON/);
  });

  it('a server gone away: a CliError naming it', async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const error = await new HttpGamesClient(url).list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CliError);
    expect((error as Error).message).toMatch(new RegExp(`cannot reach the server at ${url}.*ECONNREFUSED`));
    server.listen(0); // for afterEach
  });

  it('game ids and sides are encoded in the path', async () => {
    reply = { status: 200, body: { side: 'a b', token: 'T' } };
    await new HttpGamesClient(url, { key: 'k' }).rotateToken('g-1', 'a b', null);
    expect(seen[0]!.url).toBe('/api/games/g-1/seats/a%20b/rotate-token');
  });
});
