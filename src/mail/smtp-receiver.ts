/**
 * Zero-setup mail: with no IMAP mailbox configured the service receives order
 * mail itself, on a plain SMTP port (MAIL_RECEIVE_HOST:MAIL_RECEIVE_PORT,
 * 127.0.0.1:2525 by default), so a player can point any mail client's
 * outgoing server at it and play at once. No authentication (the seat token
 * is the credential), recipients at MAIL_DOMAIN only.
 *
 * The server says 250 only once handleInboundMail has committed; on an
 * internal error it says 451, so the sending client keeps the mail and tries
 * again. A mail over MAIL_MAX_BYTES gets its short answer by mail and 552,
 * also from a client that announced its size (MAIL FROM … SIZE=).
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import type { Logger } from '../log.ts';
import { DEFAULT_INBOUND_OPTIONS, handleInboundMail, type InboundContext } from './inbound.ts';

export interface SmtpReceiverOptions {
  readonly host: string;
  /** 0 picks a free port (see `address`). */
  readonly port: number;
  readonly logger?: Logger | undefined;
}

export interface SmtpReceiver {
  /** Where it listens. */
  readonly address: { readonly host: string; readonly port: number };
  /** Stops accepting connections and waits (a few seconds at most) for those open to finish. */
  stop(): Promise<void>;
}

/** Bytes read into memory at most beyond the limit: enough to hold any header section. */
const SMTP_HEADER_ROOM = 256 * 1024;

function smtpError(code: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode: code });
}

/** Reads the DATA stream, keeping at most `keep` bytes of it while counting them all. */
function collect(stream: SMTPServerDataStream, keep: number): Promise<{ raw: Buffer; size: number }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let kept = 0;
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (kept < keep) {
        const part = chunk.subarray(0, keep - kept);
        chunks.push(part);
        kept += part.length;
      }
    });
    stream.on('end', () => resolve({ raw: Buffer.concat(chunks, kept), size }));
    stream.on('error', reject);
  });
}

export async function startSmtpReceiver(ctx: InboundContext, options: SmtpReceiverOptions): Promise<SmtpReceiver> {
  const log = options.logger?.child({ module: 'mail-smtp' });
  const maxBytes = ctx.inbound?.maxBytes ?? DEFAULT_INBOUND_OPTIONS.maxBytes;
  const domain = ctx.mailDomain.toLowerCase();

  const server = new SMTPServer({
    name: ctx.mailDomain,
    banner: 'Minimal Space Combat order mail',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: maxBytes,
    // The limit is not checked against a SIZE= the client announces in MAIL FROM: refused there, the mail would be
    // neither recorded nor answered (its seat is not known before RCPT TO, nor its headers before DATA). The mail is
    // taken in, only its headers kept, answered by mail with the limit, and refused with 552 after DATA.
    hideSize: true,
    disableReverseLookup: true,
    maxClients: 100,
    socketTimeout: 60_000,
    closeTimeout: 5_000,
    logger: false,
    onRcptTo(address, _session, callback) {
      const at = address.address.lastIndexOf('@');
      if (at < 0 || address.address.slice(at + 1).toLowerCase() !== domain) {
        return callback(smtpError(550, `5.7.1 only mail for @${ctx.mailDomain} is taken here`));
      }
      callback();
    },
    onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback) {
      const mailFrom = session.envelope.mailFrom;
      const envelope = {
        from: mailFrom ? mailFrom.address : '',
        to: session.envelope.rcptTo.map((r) => r.address),
      };
      collect(stream, maxBytes + SMTP_HEADER_ROOM)
        .then(async ({ raw, size }) => {
          const outcome = await handleInboundMail(ctx, raw, { ...envelope, size });
          log?.debug({ outcome: outcome.outcome, messageId: outcome.messageId }, 'smtp message handled');
          if (outcome.outcome === 'too-large')
            callback(smtpError(552, `5.3.4 message too large: at most ${maxBytes} bytes are read`));
          else callback(null, `2.0.0 received (${outcome.outcome})`);
        })
        .catch((error: unknown) => {
          log?.error({ err: error }, 'smtp message not handled; the client will try again');
          callback(smtpError(451, '4.3.0 the message could not be stored now; try again later'));
        });
    },
  });
  server.on('error', (error) => log?.warn({ err: error }, 'smtp receiver error'));

  await new Promise<void>((resolve, reject) => {
    const failed = (error: Error) => reject(error);
    server.server.once('error', failed);
    server.listen(options.port, options.host, () => {
      server.server.off('error', failed);
      resolve();
    });
  });
  const bound = server.server.address() as AddressInfo;
  log?.info({ host: options.host, port: bound.port }, `receiving order mail by SMTP at ${options.host}:${bound.port}`);

  return {
    address: { host: options.host, port: bound.port },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
