import { describe, expect, it } from 'vitest';
import {
  CONFIG_KEYS,
  describeConfig,
  formatConfigErrors,
  InvalidConfigError,
  loadConfig,
  parseConfig,
  type Config,
  type ConfigError,
} from '../../src/config/config.ts';

function parsed(env: Record<string, string>): Config {
  const result = parseConfig({ env });
  if (!result.ok) throw new Error(formatConfigErrors(result.error));
  return result.value;
}

function errors(env: Record<string, string>): ConfigError[] {
  const result = parseConfig({ env });
  if (result.ok) throw new Error('expected the configuration to be rejected');
  return result.error;
}

describe('parseConfig', () => {
  it('fills every default from an empty environment; no DATABASE_URL means PGlite', () => {
    expect(parsed({})).toEqual({
      databaseUrl: undefined,
      databaseConnectTimeoutMs: 5000,
      databaseStatementTimeoutMs: 15000,
      databaseIdleInTransactionTimeoutMs: 30000,
      databasePoolSize: undefined,
      dataDir: './data',
      host: '127.0.0.1',
      port: 8080,
      publicUrl: 'http://127.0.0.1:8080',
      logLevel: 'info',
      roles: ['web', 'workers', 'mail'],
      workers: 1,
      pollIntervalMs: 2000,
      mailDomain: 'localhost',
      bodyLimitKb: 512,
      rateLimitOrders: 120,
      rateLimitCreate: 60,
      rateLimitGames: 10,
      rateLimitInvitations: 3,
      trustProxy: 0,
      mailImapUrl: undefined,
      mailImapStarttls: 'auto',
      mailImapTlsInsecure: false,
      mailImapPollMs: 30000,
      mailReceiveHost: '127.0.0.1',
      mailReceivePort: 2525,
      mailMaxBytes: 2097152,
      mailRatePerHour: 60,
      mailSmtpUrl: undefined,
      mailFrom: 'Minimal Space Combat <orders@localhost>',
      mailMaxAttempts: 8,
      createGames: 'anyone',
      moderatorEmails: [],
      shutdownTimeoutMs: 8000,
      rateLimitLogin: 30,
      rateLimitMessages: 20,
      rateLimitCalendar: 120,
    });
  });

  it('reads every variable and converts numbers', () => {
    const config = parsed({
      DATABASE_URL: 'postgres://msc:secret@db.example.org:5433/msc',
      DATABASE_CONNECT_TIMEOUT_MS: '2000',
      DATABASE_STATEMENT_TIMEOUT_MS: '60000',
      DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: '120000',
      DATABASE_POOL_SIZE: '8',
      DATA_DIR: '/var/lib/msc',
      HOST: '0.0.0.0',
      PORT: '3000',
      PUBLIC_URL: 'https://msc.example.org/',
      LOG_LEVEL: 'debug',
      WORKERS: '4',
      POLL_INTERVAL_MS: '500',
      MAIL_DOMAIN: 'Msc.Example.org',
      BODY_LIMIT_KB: '64',
      RATE_LIMIT_ORDERS: '0',
      RATE_LIMIT_CREATE: '5',
      TRUST_PROXY: '1',
      MAIL_IMAP_URL: 'imap://orders%40pbem.test:orders-pw@127.0.0.1:11143/INBOX',
      MAIL_IMAP_STARTTLS: 'required',
      MAIL_IMAP_TLS_CA: '/tmp/pbem-mail/tls/mx.crt',
      MAIL_IMAP_TLS_SERVERNAME: 'mx.pbem.test',
      MAIL_IMAP_TLS_INSECURE: 'Yes',
      MAIL_IMAP_POLL_MS: '5000',
      MAIL_RECEIVE_HOST: '0.0.0.0',
      MAIL_RECEIVE_PORT: '0',
      MAIL_MAX_BYTES: '1048576',
      MAIL_RATE_PER_HOUR: '0',
      MAIL_SMTP_URL: 'smtps://orders%40msc.example.org:pw@mail.example.org:465',
      MAIL_FROM: 'Orion Games <games@msc.example.org>',
      MAIL_MAX_ATTEMPTS: '3',
      CREATE_GAMES: 'listed',
      MODERATOR_EMAILS: 'Ann@pbem.test, bo@pbem.test',
      SHUTDOWN_TIMEOUT_MS: '9500',
      RATE_LIMIT_LOGIN: '0',
      RATE_LIMIT_MESSAGES: '7',
      RATE_LIMIT_CALENDAR: '30',
      RATE_LIMIT_GAMES: '4',
      RATE_LIMIT_INVITATIONS: '0',
    });
    expect(config).toEqual({
      databaseUrl: 'postgres://msc:secret@db.example.org:5433/msc',
      databaseConnectTimeoutMs: 2000,
      databaseStatementTimeoutMs: 60000,
      databaseIdleInTransactionTimeoutMs: 120000,
      databasePoolSize: 8,
      dataDir: '/var/lib/msc',
      host: '0.0.0.0',
      port: 3000,
      publicUrl: 'https://msc.example.org',
      logLevel: 'debug',
      roles: ['web', 'workers', 'mail'],
      workers: 4,
      pollIntervalMs: 500,
      mailDomain: 'msc.example.org',
      bodyLimitKb: 64,
      rateLimitOrders: 0,
      rateLimitCreate: 5,
      rateLimitGames: 4,
      rateLimitInvitations: 0,
      trustProxy: 1,
      mailImapUrl: 'imap://orders%40pbem.test:orders-pw@127.0.0.1:11143/INBOX',
      mailImapStarttls: 'required',
      mailImapTlsCa: '/tmp/pbem-mail/tls/mx.crt',
      mailImapTlsServername: 'mx.pbem.test',
      mailImapTlsInsecure: true,
      mailImapPollMs: 5000,
      mailReceiveHost: '0.0.0.0',
      mailReceivePort: 0,
      mailMaxBytes: 1048576,
      mailRatePerHour: 0,
      mailSmtpUrl: 'smtps://orders%40msc.example.org:pw@mail.example.org:465',
      mailFrom: 'Orion Games <games@msc.example.org>',
      mailMaxAttempts: 3,
      createGames: 'listed',
      moderatorEmails: ['ann@pbem.test', 'bo@pbem.test'],
      shutdownTimeoutMs: 9500,
      rateLimitLogin: 0,
      rateLimitMessages: 7,
      rateLimitCalendar: 30,
    });
  });

  it('refuses a MODERATOR_EMAILS entry that is not an address, and a CREATE_GAMES that is neither policy', () => {
    const result = parseConfig({ env: { MODERATOR_EMAILS: 'ann@pbem.test, bo', CREATE_GAMES: 'some' } });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.map((e) => e.env)).toEqual(['CREATE_GAMES', 'MODERATOR_EMAILS']);
  });

  it('derives MAIL_FROM from MAIL_DOMAIN, and takes a bare address too', () => {
    expect(parsed({ MAIL_DOMAIN: 'pbem.test' }).mailFrom).toBe('Minimal Space Combat <orders@pbem.test>');
    expect(parsed({ MAIL_FROM: 'orders@pbem.test' }).mailFrom).toBe('orders@pbem.test');
  });

  it('derives PUBLIC_URL from HOST and PORT, with brackets around an IPv6 address', () => {
    expect(parsed({ HOST: 'games.local', PORT: '80' }).publicUrl).toBe('http://games.local:80');
    expect(parsed({ HOST: '::1', PORT: '8081' }).publicUrl).toBe('http://[::1]:8081');
  });

  it('treats an empty variable as unset', () => {
    expect(parsed({ PORT: '', DATABASE_URL: '  ' })).toMatchObject({ port: 8080, databaseUrl: undefined });
  });

  it('accepts postgresql:// as well as postgres://, and WORKERS=0 (a web-only process)', () => {
    expect(parsed({ DATABASE_URL: 'postgresql://127.0.0.1/msc', WORKERS: '0' })).toMatchObject({
      databaseUrl: 'postgresql://127.0.0.1/msc',
      workers: 0,
    });
  });

  it.each([
    ['PORT', 'abc', 'PORT is "abc": expected a whole number from 0 to 65535'],
    ['PORT', '70000', 'PORT is "70000": expected a whole number from 0 to 65535'],
    ['PORT', '80.5', 'PORT is "80.5": expected a whole number from 0 to 65535'],
    ['LOG_LEVEL', 'verbose', 'LOG_LEVEL is "verbose": expected one of fatal, error, warn, info, debug, trace, silent'],
    ['WORKERS', '-1', 'WORKERS is "-1": expected a whole number from 0 to 64'],
    ['DATABASE_POOL_SIZE', '0', 'DATABASE_POOL_SIZE is "0": expected a whole number from 1 to 1000'],
    ['POLL_INTERVAL_MS', '10', 'POLL_INTERVAL_MS is "10": expected a whole number of milliseconds from 100 to 3600000'],
    ['MAIL_IMAP_STARTTLS', 'maybe', 'MAIL_IMAP_STARTTLS is "maybe": expected one of auto, required, off'],
    ['MAIL_IMAP_TLS_INSECURE', 'sure', 'MAIL_IMAP_TLS_INSECURE is "sure": expected true or false'],
    ['MAIL_MAX_BYTES', '100', 'MAIL_MAX_BYTES is "100": expected a whole number of bytes from 1024 to 104857600'],
    ['PUBLIC_URL', 'msc.example.org', 'PUBLIC_URL is "msc.example.org": expected an http:// or https:// URL'],
    [
      'PUBLIC_URL',
      'ftp://msc.example.org',
      'PUBLIC_URL is "ftp://msc.example.org": expected an http:// or https:// URL',
    ],
    ['MAIL_DOMAIN', 'orders@example.org', 'MAIL_DOMAIN is "orders@example.org": expected a domain name'],
    ['MAIL_DOMAIN', '-bad-.example', 'MAIL_DOMAIN is "-bad-.example": expected a domain name'],
    ['BODY_LIMIT_KB', '0', 'BODY_LIMIT_KB is "0": expected a whole number of KiB from 1 to 10240'],
    ['RATE_LIMIT_ORDERS', 'lots', 'RATE_LIMIT_ORDERS is "lots": expected a whole number from 0 to 100000'],
    ['TRUST_PROXY', 'true', 'TRUST_PROXY is "true": expected a whole number from 0 to 10'],
    ['MAIL_FROM', 'Orders <not an address>', 'MAIL_FROM is "Orders <not an address>": expected an address'],
    ['MAIL_MAX_ATTEMPTS', '0', 'MAIL_MAX_ATTEMPTS is "0": expected a whole number from 1 to 100'],
  ])('rejects %s=%s, naming it and saying what is expected', (env, value, message) => {
    const [error, ...rest] = errors({ [env]: value });
    expect(rest).toEqual([]);
    expect(error).toMatchObject({ code: 'CONFIG_INVALID', env });
    expect(error?.message).toContain(message);
  });

  it('rejects a MAIL_SMTP_URL that is not an SMTP URL without echoing it (it may hold a password)', () => {
    for (const url of ['imap://orders:hunter2@mail.example.org', 'mail.example.org:25', 'smtp://']) {
      const [error] = errors({ MAIL_SMTP_URL: url });
      expect(error?.message).toMatch(/^MAIL_SMTP_URL is not valid: expected an smtp:\/\/ or smtps:\/\/ URL/);
      expect(error?.message).not.toContain('hunter2');
    }
  });

  it('rejects a DATABASE_URL that is not a PostgreSQL URL without echoing it (it may hold a password)', () => {
    for (const url of ['mysql://root:hunter2@localhost/msc', 'not a url', 'postgres://']) {
      const [error] = errors({ DATABASE_URL: url });
      expect(error?.env).toBe('DATABASE_URL');
      expect(error?.message).toMatch(/^DATABASE_URL is not valid: expected a postgres:\/\/ or postgresql:\/\/ URL/);
      expect(error?.message).not.toContain('hunter2');
    }
  });

  it('reports every wrong variable at once, not only the first', () => {
    const found = errors({ PORT: 'x', LOG_LEVEL: 'loud', WORKERS: 'many' });
    expect(found.map((e) => e.env)).toEqual(['PORT', 'LOG_LEVEL', 'WORKERS']);
  });
});

describe('loadConfig', () => {
  it('throws an InvalidConfigError whose message lists every wrong variable', () => {
    let thrown: unknown;
    try {
      loadConfig({ PORT: 'x', WORKERS: '100' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(InvalidConfigError);
    const message = (thrown as Error).message;
    expect(message).toContain('fix these environment variables');
    expect(message).toContain('  - PORT is "x": expected a whole number from 0 to 65535');
    expect(message).toContain('  - WORKERS is "100": expected a whole number from 0 to 64');
  });

  it('returns the configuration when every value is valid', () => {
    expect(loadConfig({ PORT: '9000' }).port).toBe(9000);
  });
});

describe('describeConfig', () => {
  it('documents every key with its variable, a doc line and its default', () => {
    const described = describeConfig();
    expect(described.map((d) => d.env)).toEqual(Object.values(CONFIG_KEYS).map((k) => k.env));
    for (const d of described) expect(d.doc.length).toBeGreaterThan(10);
    expect(described.find((d) => d.env === 'PUBLIC_URL')?.default).toBe('http://HOST:PORT');
    expect(described.find((d) => d.env === 'DATA_DIR')?.default).toBe('./data');
    expect(described.find((d) => d.env === 'DATABASE_URL')?.default).toBeNull();
  });

  it('has defaults that pass their own checks', () => {
    for (const key of Object.values(CONFIG_KEYS)) {
      if ('default' in key) expect(key.schema.safeParse(key.default).success, key.env).toBe(true);
    }
  });
});

describe('ROLES', () => {
  it('runs every role in one process by default, and takes any of them in any order and case', () => {
    expect(loadConfig({}).roles).toEqual(['web', 'workers', 'mail']);
    expect(loadConfig({ ROLES: 'Mail, web' }).roles).toEqual(['web', 'mail']);
    expect(loadConfig({ ROLES: 'workers' }).roles).toEqual(['workers']);
  });

  it('refuses an unknown role or none, saying what is expected', () => {
    for (const ROLES of ['web,cron', ',']) {
      const r = parseConfig({ env: { ROLES } });
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error[0]!.message).toContain('expected web, workers and mail, one or more of them');
    }
  });
});
