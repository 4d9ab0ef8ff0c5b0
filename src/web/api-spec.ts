/**
 * The JSON API's routes as one table: what api.ts mounts (method, path, the zod schemas it checks the params, query and
 * body with) and what GET /api/openapi.json documents, generated from the same schemas with zod's own JSON Schema
 * output (draft 2020-12, OpenAPI 3.1's dialect). A route is mounted only through its entry here, so the document
 * covers every route and nothing else (test/web/openapi.test.ts checks it against the router).
 */
import { z } from 'zod';
import { createGameSchema, gameIdSchema, seatInputSchema } from '../games/games/create.ts';
import { GAME_STATUSES } from '../games/games/games.repository.ts';
import { sideId } from '../games/games/settings.ts';
import { jsonOrdersSchema } from '../games/turns/orders.ts';

export const gameParams = z.object({ id: gameIdSchema });
export const turnParams = z.object({
  id: gameIdSchema,
  n: z
    .string()
    .regex(/^[1-9]\d{0,5}$/, 'a turn number is a whole number from 1')
    .transform(Number),
});
export const seatParams = z.object({ id: gameIdSchema, side: sideId });
export const listQuery = z.object({ status: z.enum(GAME_STATUSES).optional() });
/** A page of a list (the lobby's): 1 the first. */
const PAGE_NUMBER = { error: 'a page is a whole number from 1 to 100000, e.g. page=2' };
export const pageQuery = z.object({
  page: z.coerce.number(PAGE_NUMBER).int(PAGE_NUMBER).min(1, PAGE_NUMBER).max(100_000, PAGE_NUMBER).default(1),
});

const reason = z.string().trim().min(1).max(500).optional();
/** A body that may be absent: an action that needs nothing but may say why. */
export const reasonBody = z.strictObject({ reason }).default({});
export const emptyBody = z.strictObject({}).default({});

export const ordersBody = z
  .strictObject({ text: z.string().optional(), orders: jsonOrdersSchema.optional() })
  .refine(
    (b) => (b.text === undefined) !== (b.orders === undefined),
    'send either "text" (the orders language) or "orders" (JSON), not both nor neither',
  );

export const deadlineBody = z
  .strictObject({
    deadline: z.iso
      .datetime({
        offset: true,
        message: 'an ISO 8601 date and time with a zone, e.g. 2026-03-01T18:00:00Z; null for no deadline',
      })
      .nullable()
      .optional(),
    extendHours: z
      .number()
      .positive()
      .max(24 * 60)
      .optional(),
    reason,
  })
  .refine(
    (b) => (b.deadline === undefined) !== (b.extendHours === undefined),
    'send either "deadline" (a date, or null for none) or "extendHours", not both nor neither',
  );

export const replaceBody = z.strictObject({
  email: seatInputSchema.shape.email,
  name: seatInputSchema.shape.name,
  timeZone: seatInputSchema.shape.timeZone.unwrap().optional(),
  reason,
});

export const endBody = z.strictObject({ how: z.enum(['end', 'abandon']), reason });
/** A player's absence, by its number (`msc game absences`, the moderator's view). */
export const absenceParams = z.object({
  id: gameIdSchema,
  absence: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 53 - 1),
});
/** A request for an open side, by its number (`msc game requests`). */
export const requestParams = z.object({
  id: gameIdSchema,
  request: z
    .string()
    .regex(/^[1-9]\d{0,11}$/, 'a seat request id is a whole number from 1')
    .transform(Number),
});
export const removeObserverBody = z.strictObject({ email: z.string().max(254), reason });
/** Taking an open side: which one (any open one when absent), and the player's name and time zone. */
const joinBody = z
  .record(z.string(), z.unknown())
  .meta({ description: 'side (an open one; any when absent), name and timeZone, as the join page sends them' });
const absenceDoc = z.strictObject({
  id: z.number().int(),
  side: z.string(),
  first: z.string(),
  last: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.string(),
  movedTurn: z.number().int().nullable(),
  reason: z.string().nullable(),
});
/** The missed-turn limit's own check (0–99) is the use case's, with its own error. */
export const missedTurnLimitBody = z.strictObject({ limit: z.number(), reason });

/** A seat's setup (a linked battle's deployment), as its kind reads it: checked by the kind, problem by problem. */
const fleetBody = z
  .record(z.string(), z.unknown())
  .meta({ description: "the seat's setup document, as its kind reads it" });

// The answers, as far as a client may rely on them: each names what it always holds and lets the kind add its own.
const gameView = z.looseObject({
  id: z.string(),
  name: z.string(),
  ruleset: z.string(),
  status: z.enum(GAME_STATUSES),
  seats: z.array(z.looseObject({ side: z.string(), name: z.string(), joined: z.boolean() })),
  turn: z.looseObject({ number: z.number().int(), status: z.string() }).nullable(),
  seedCommitment: z.string(),
});
const gameAnswer = z.strictObject({ game: gameView });
const turnDoc = z.looseObject({ gameId: z.string(), number: z.number().int(), status: z.string() });

/** Every error's shape: a stable code for programs, a message that says what to do, and what is wrong in detail. */
export const errorSchema = z.strictObject({
  error: z.strictObject({
    code: z.string().meta({ description: 'stable, e.g. ORDERS_REJECTED; docs/api.md lists every one' }),
    message: z.string(),
    problems: z.array(
      z.looseObject({
        code: z.string(),
        message: z.string(),
        line: z.number().int().nullable().optional(),
        ship: z.string().optional(),
      }),
    ),
    requestId: z.string().optional().meta({ description: 'only on 500: quote it' }),
  }),
});

/** Who may call a route: nobody in particular, a seat's token, the game's moderator key, a logged-in person. */
export type ApiAuth = 'none' | 'optional' | 'seat' | 'moderator' | 'creator' | 'login';

export interface ApiRoute {
  readonly operationId: string;
  readonly method: 'get' | 'post';
  /** As OpenAPI writes it: `/api/games/{id}`. */
  readonly path: string;
  readonly summary: string;
  readonly auth: ApiAuth;
  readonly params?: z.ZodObject;
  readonly query?: z.ZodObject;
  /** A JSON body; `optional` when an absent body is as good as `{}`. */
  readonly body?: { readonly schema: z.ZodType; readonly optional?: boolean; readonly text?: string };
  readonly status?: 200 | 201;
  /** When the same answer may also come as 202 Accepted, what that means. */
  readonly accepted?: string;
  readonly response: z.ZodType;
  /** The error statuses the route answers with besides 400 (a bad field) and 500. */
  readonly errors: readonly number[];
}

const seatErrors = [401, 404, 409];
const moderatorErrors = [401, 403, 404, 409];

const route = (r: ApiRoute): ApiRoute => r;

/** Every route of the API, in the order docs/api.md tells them. */
export const API_ROUTES = {
  createGame: route({
    operationId: 'createGame',
    method: 'post',
    path: '/api/games',
    summary: 'Create a game and invite its seats (a web login session, or the operator key)',
    auth: 'creator',
    body: { schema: createGameSchema },
    status: 201,
    response: z.strictObject({
      game: gameView,
      moderatorKey: z.string(),
      seats: z.array(z.strictObject({ side: z.string(), email: z.string(), name: z.string(), token: z.string() })),
      openSides: z.array(z.string()),
    }),
    errors: [401, 403, 409, 415, 429],
  }),
  listGames: route({
    operationId: 'listGames',
    method: 'get',
    path: '/api/games',
    summary: 'The public games, optionally of one status',
    auth: 'none',
    query: listQuery,
    response: z.strictObject({ games: z.array(z.looseObject({ id: z.string(), status: z.enum(GAME_STATUSES) })) }),
    errors: [],
  }),
  getGame: route({
    operationId: 'getGame',
    method: 'get',
    path: '/api/games/{id}',
    summary: "A game as its reader may see it: the public view, a seat's own (me), or the moderator's",
    auth: 'optional',
    params: gameParams,
    response: z.strictObject({
      role: z.enum(['public', 'seat', 'moderator']),
      game: gameView.extend({ me: z.looseObject({ side: z.string() }).optional() }),
    }),
    errors: [401, 404],
  }),
  submitFleet: route({
    operationId: 'submitFleet',
    method: 'post',
    path: '/api/games/{id}/fleet',
    summary: "The seat's setup, while the game is in its setup phase",
    auth: 'seat',
    params: gameParams,
    body: { schema: fleetBody, optional: true },
    response: gameAnswer,
    errors: [...seatErrors, 415, 422],
  }),
  submitOrders: route({
    operationId: 'submitOrders',
    method: 'post',
    path: '/api/games/{id}/orders',
    summary: "The seat's orders for the open turn: the orders language (text/plain, or JSON text) or JSON orders",
    auth: 'seat',
    params: gameParams,
    body: { schema: ordersBody, text: 'the orders language, as a mail body would hold it' },
    response: z.looseObject({
      accepted: z.literal(true),
      turn: z.number().int(),
      stored: z.boolean(),
      canonical: z.string(),
      turnComplete: z.boolean(),
      commands: z.array(z.string()),
      notes: z.array(z.string()),
    }),
    errors: [...seatErrors, 413, 415, 422, 429],
  }),
  standingOrders: route({
    operationId: 'standingOrders',
    method: 'get',
    path: '/api/games/{id}/orders',
    summary: 'The orders the seat has in for the open turn',
    auth: 'seat',
    params: gameParams,
    response: z.looseObject({}),
    errors: seatErrors,
  }),
  concede: route({
    operationId: 'concede',
    method: 'post',
    path: '/api/games/{id}/concede',
    summary: "The seat's side concedes",
    auth: 'seat',
    params: gameParams,
    body: { schema: emptyBody, optional: true },
    response: z.strictObject({ conceded: z.literal(true), gameEnds: z.boolean() }),
    errors: [...seatErrors, 415],
  }),
  listTurns: route({
    operationId: 'listTurns',
    method: 'get',
    path: '/api/games/{id}/turns',
    summary: 'Every resolved turn (a hidden-information kind: to its moderator only while it runs)',
    auth: 'optional',
    params: gameParams,
    response: z.strictObject({ gameId: z.string(), turns: z.array(turnDoc) }),
    errors: [401, 403, 404],
  }),
  getTurn: route({
    operationId: 'getTurn',
    method: 'get',
    path: '/api/games/{id}/turns/{n}',
    summary: 'One turn; its orders and events once it has resolved',
    auth: 'optional',
    params: turnParams,
    response: z.strictObject({ turn: turnDoc }),
    errors: [401, 403, 404],
  }),
  exportGame: route({
    operationId: 'exportGame',
    method: 'get',
    path: '/api/games/{id}/export',
    summary: "The game's archive (docs/archive.md), as a file",
    auth: 'optional',
    params: gameParams,
    response: z.looseObject({}),
    errors: [401, 403, 404],
  }),
  pause: route({
    operationId: 'pause',
    method: 'post',
    path: '/api/games/{id}/pause',
    summary: 'Pause the game: no turn falls due, no orders are taken',
    auth: 'moderator',
    params: gameParams,
    body: { schema: reasonBody, optional: true },
    response: gameAnswer,
    errors: [...moderatorErrors, 415],
  }),
  resume: route({
    operationId: 'resume',
    method: 'post',
    path: '/api/games/{id}/resume',
    summary: 'Resume a paused game',
    auth: 'moderator',
    params: gameParams,
    body: { schema: reasonBody, optional: true },
    response: gameAnswer,
    errors: [...moderatorErrors, 415],
  }),
  resolve: route({
    operationId: 'resolve',
    method: 'post',
    path: '/api/games/{id}/resolve',
    summary: 'Resolve the open turn now',
    auth: 'moderator',
    params: gameParams,
    body: { schema: reasonBody, optional: true },
    response: z.strictObject({ resolved: z.unknown(), game: gameView }),
    errors: [...moderatorErrors, 415],
  }),
  rollback: route({
    operationId: 'rollback',
    method: 'post',
    path: '/api/games/{id}/rollback',
    summary: 'Undo the last resolved turn and reopen it',
    auth: 'moderator',
    params: gameParams,
    body: { schema: reasonBody, optional: true },
    response: z.strictObject({ reopened: z.unknown(), game: gameView }),
    errors: [...moderatorErrors, 415],
  }),
  deadline: route({
    operationId: 'setDeadline',
    method: 'post',
    path: '/api/games/{id}/deadline',
    summary: "Set the open turn's deadline, or extend it",
    auth: 'moderator',
    params: gameParams,
    body: { schema: deadlineBody },
    response: z.strictObject({ deadline: z.string().nullable() }),
    errors: [...moderatorErrors, 415],
  }),
  replaceSeat: route({
    operationId: 'replaceSeat',
    method: 'post',
    path: '/api/games/{id}/seats/{side}/replace',
    summary: 'Give a side to another player: a new seat token, the old one stops working',
    auth: 'moderator',
    params: seatParams,
    body: { schema: replaceBody },
    response: z.strictObject({
      side: z.string(),
      email: z.string(),
      name: z.string(),
      timeZone: z.string(),
      token: z.string(),
    }),
    errors: [...moderatorErrors, 415],
  }),
  rotateSeatToken: route({
    operationId: 'rotateSeatToken',
    method: 'post',
    path: '/api/games/{id}/seats/{side}/rotate-token',
    summary: "A new token for the side's seat; the old one stops working",
    auth: 'moderator',
    params: seatParams,
    body: { schema: reasonBody, optional: true },
    response: z.strictObject({ side: z.string(), token: z.string() }),
    errors: [...moderatorErrors, 415],
  }),
  concedeFor: route({
    operationId: 'concedeFor',
    method: 'post',
    path: '/api/games/{id}/seats/{side}/concede',
    summary: 'Concede for a side',
    auth: 'moderator',
    params: seatParams,
    body: { schema: reasonBody, optional: true },
    response: z.strictObject({ side: z.string(), conceded: z.literal(true), gameEnds: z.boolean() }),
    errors: [...moderatorErrors, 415],
  }),
  missedTurnLimit: route({
    operationId: 'setMissedTurnLimit',
    method: 'post',
    path: '/api/games/{id}/missed-turn-limit',
    summary: 'Turns a side may miss in a row before the rules play it (0: never)',
    auth: 'moderator',
    params: gameParams,
    body: { schema: missedTurnLimitBody },
    response: z.looseObject({}),
    errors: [...moderatorErrors, 415],
  }),
  end: route({
    operationId: 'endGame',
    method: 'post',
    path: '/api/games/{id}/end',
    summary: 'End the game (scored as it stands) or abandon it',
    auth: 'moderator',
    params: gameParams,
    body: { schema: endBody },
    response: gameAnswer,
    errors: [...moderatorErrors, 415],
  }),
  lobby: route({
    operationId: 'lobby',
    method: 'get',
    path: '/api/lobby',
    summary: 'Games with an open side, as the lobby page lists them (never an address), a page at a time',
    auth: 'none',
    query: pageQuery,
    response: z.strictObject({
      games: z.array(
        z.looseObject({ id: z.string(), openSides: z.array(z.looseObject({ id: z.string(), name: z.string() })) }),
      ),
      page: z.number().int(),
      more: z.boolean(),
    }),
    errors: [400],
  }),
  joinGame: route({
    operationId: 'joinGame',
    method: 'post',
    path: '/api/games/{id}/join',
    summary: 'Take an open side as the person logged in (201), or ask the game\u2019s creator for it (202)',
    auth: 'login',
    params: gameParams,
    body: { schema: joinBody, optional: true },
    status: 201,
    accepted: 'the game asks its creator to approve players: the request waits for the answer, told by mail',
    response: z.strictObject({
      status: z.enum(['taken', 'asked']),
      gameId: z.string(),
      side: z.string(),
      sideName: z.string(),
    }),
    errors: [401, 404, 409, 415, 429],
  }),
  withdrawJoin: route({
    operationId: 'withdrawJoin',
    method: 'post',
    path: '/api/games/{id}/join/withdraw',
    summary: 'Withdraw the request the person logged in has waiting for the game\u2019s creator',
    auth: 'login',
    params: gameParams,
    response: z.strictObject({
      status: z.literal('withdrawn'),
      gameId: z.string(),
      side: z.string(),
      sideName: z.string(),
    }),
    errors: [401, 404, 429],
  }),
  absences: route({
    operationId: 'absences',
    method: 'get',
    path: '/api/games/{id}/absences',
    summary: "The players' absences (SET ABSENCE), each with its number",
    auth: 'moderator',
    params: gameParams,
    response: z.strictObject({ absences: z.array(absenceDoc) }),
    errors: moderatorErrors,
  }),
  refuseAbsence: route({
    operationId: 'refuseAbsence',
    method: 'post',
    path: '/api/games/{id}/absences/{absence}/refuse',
    summary: 'Refuse an absence: the deadline it moved is put back, every player is told',
    auth: 'moderator',
    params: absenceParams,
    body: { schema: reasonBody, optional: true },
    response: z.strictObject({ absence: absenceDoc }),
    errors: [...moderatorErrors, 415],
  }),
  removeObserver: route({
    operationId: 'removeObserver',
    method: 'post',
    path: '/api/games/{id}/observers/remove',
    summary: 'Remove an observer of the game, by the address it observes with',
    auth: 'moderator',
    params: gameParams,
    body: { schema: removeObserverBody },
    response: z.looseObject({ removed: z.string() }),
    errors: [...moderatorErrors, 415],
  }),
  joinRequests: route({
    operationId: 'joinRequests',
    method: 'get',
    path: '/api/games/{id}/join-requests',
    summary: 'Players asking for an open side, waiting for the creator (their addresses: the moderator sees them)',
    auth: 'moderator',
    params: gameParams,
    response: z.strictObject({ requests: z.array(z.looseObject({ id: z.number().int(), side: z.string() })) }),
    errors: moderatorErrors,
  }),
  approveJoinRequest: route({
    operationId: 'approveJoinRequest',
    method: 'post',
    path: '/api/games/{id}/join-requests/{request}/approve',
    summary: 'Give the player the side asked for: the seat is made and invited',
    auth: 'moderator',
    params: requestParams,
    body: { schema: reasonBody, optional: true },
    response: z.looseObject({ request: z.number().int(), status: z.literal('approved') }),
    errors: [...moderatorErrors, 415],
  }),
  refuseJoinRequest: route({
    operationId: 'refuseJoinRequest',
    method: 'post',
    path: '/api/games/{id}/join-requests/{request}/refuse',
    summary: 'Refuse the player the side asked for; the player is told',
    auth: 'moderator',
    params: requestParams,
    body: { schema: reasonBody, optional: true },
    response: z.looseObject({ request: z.number().int(), status: z.literal('refused') }),
    errors: [...moderatorErrors, 415],
  }),
  openApi: route({
    operationId: 'openApi',
    method: 'get',
    path: '/api/openapi.json',
    summary: 'This document: the API as OpenAPI 3.1',
    auth: 'none',
    response: z.looseObject({ openapi: z.string(), paths: z.looseObject({}) }),
    errors: [],
  }),
} as const satisfies Record<string, ApiRoute>;

/** The route's path as Express mounts it: `/api/games/{id}` → `/api/games/:id`. */
export function expressPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

type JsonSchema = Record<string, unknown>;

/** A zod schema as the document holds it: JSON Schema 2020-12, as a client sends it (`input`) or reads it. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

const AUTH_NOTE: Record<ApiAuth, string> = {
  none: 'No token.',
  optional: "No token for the public view; a seat's token or the moderator key for theirs.",
  seat: "The seat's token: `Authorization: Bearer <token>`.",
  moderator: "The game's moderator key: `Authorization: Bearer <key>`.",
  creator: 'A web login session (its cookie), allowed by CREATE_GAMES; or the operator key as a bearer token.',
  login: 'A web login session (its cookie): the person who asks.',
};

const STATUS_TEXT: Record<number, string> = {
  400: 'a field is not valid (INVALID_REQUEST), or the request is refused as it is',
  401: 'no token, or not the right one',
  403: 'not allowed to this reader',
  404: 'no such game, turn or seat',
  409: 'not now: the game is not in the state this needs',
  413: 'the body is too large',
  415: 'the body is not JSON (or text/plain where orders are taken)',
  422: 'the orders or setup were read and refused: every problem is listed',
  429: 'too many requests from this address: Retry-After says when to try again',
  500: 'a fault on the service: quote the requestId',
};

function operation(r: ApiRoute): JsonSchema {
  const parameters = [
    ...Object.entries(r.params?.shape ?? {}).map(([name, schema]) => ({
      name,
      in: 'path',
      required: true,
      schema: jsonSchema(schema as z.ZodType, 'input'),
    })),
    ...Object.entries(r.query?.shape ?? {}).map(([name, schema]) => ({
      name,
      in: 'query',
      required: false,
      schema: jsonSchema(schema as z.ZodType, 'input'),
    })),
  ];
  const secured = r.auth === 'seat' || r.auth === 'moderator';
  const errors = [400, ...r.errors, 500].sort((a, b) => a - b);
  return {
    operationId: r.operationId,
    summary: r.summary,
    description: AUTH_NOTE[r.auth],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(secured ? { security: [{ bearer: [] }] } : r.auth === 'optional' ? { security: [{}, { bearer: [] }] } : {}),
    ...(r.body
      ? {
          requestBody: {
            required: !r.body.optional,
            content: {
              'application/json': { schema: jsonSchema(r.body.schema, 'input') },
              ...(r.body.text ? { 'text/plain': { schema: { type: 'string', description: r.body.text } } } : {}),
            },
          },
        }
      : {}),
    responses: {
      [String(r.status ?? 200)]: {
        description: 'done',
        content: { 'application/json': { schema: jsonSchema(r.response, 'output') } },
      },
      ...(r.accepted
        ? {
            '202': {
              description: r.accepted,
              content: { 'application/json': { schema: jsonSchema(r.response, 'output') } },
            },
          }
        : {}),
      ...Object.fromEntries(
        errors.map((status) => [
          String(status),
          { $ref: `#/components/responses/${status === 500 ? 'Fault' : 'Error'}`, description: STATUS_TEXT[status] },
        ]),
      ),
    },
  };
}

/** The OpenAPI 3.1 document of the API, served at GET /api/openapi.json. */
export function openApiDocument(serverUrl: string): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const r of Object.values(API_ROUTES)) (paths[r.path] ??= {})[r.method] = operation(r);
  const errorContent = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };
  return {
    openapi: '3.1.1',
    info: {
      title: 'msc-pbem API',
      version: '1',
      description: 'The games of the service over HTTP and JSON: docs/api.md tells every route and error code.',
    },
    servers: [{ url: serverUrl }],
    paths,
    components: {
      schemas: { Error: jsonSchema(errorSchema, 'output') },
      responses: {
        Error: { description: 'refused: the code says why, the message what to do', content: errorContent },
        Fault: { description: 'a fault on the service (INTERNAL)', content: errorContent },
      },
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: "a seat's token or a game's moderator key" },
      },
    },
  };
}
