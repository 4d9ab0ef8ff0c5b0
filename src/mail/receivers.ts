/**
 * Starting the mail channel's receiving half from the configuration: the IMAP
 * watcher when MAIL_IMAP_URL names a mailbox, otherwise the service's own
 * SMTP receiver (zero-setup). The server's composition root calls this once.
 */
import type { Config } from '../config/config.ts';
import type { GamesContext } from '../games/context.ts';
import type { Logger } from '../log.ts';
import type { InboundContext, InboundOptions } from './inbound.ts';
import { startImapWatcher } from './imap-watcher.ts';
import { startSmtpReceiver } from './smtp-receiver.ts';

export type MailReceiverConfig = Pick<
  Config,
  | 'mailImapUrl'
  | 'mailImapStarttls'
  | 'mailImapTlsCa'
  | 'mailImapTlsServername'
  | 'mailImapTlsInsecure'
  | 'mailImapPollMs'
  | 'mailReceiveHost'
  | 'mailReceivePort'
  | 'mailMaxBytes'
  | 'mailRatePerHour'
>;

export interface MailReceivers {
  /** Which receiver runs. */
  readonly kind: 'imap' | 'smtp';
  /** The SMTP receiver's address (null for IMAP). */
  readonly smtpAddress: { readonly host: string; readonly port: number } | null;
  stop(): Promise<void>;
}

function inboundOptionsFrom(config: Pick<Config, 'mailMaxBytes' | 'mailRatePerHour'>): Partial<InboundOptions> {
  return { maxBytes: config.mailMaxBytes, ratePerHour: config.mailRatePerHour };
}

export async function startMailReceivers(
  ctx: GamesContext,
  config: MailReceiverConfig,
  logger?: Logger,
): Promise<MailReceivers> {
  const inboundCtx: InboundContext = {
    ...ctx,
    inbound: inboundOptionsFrom(config),
    ...(logger && !ctx.logger ? { logger } : {}),
  };
  if (config.mailImapUrl) {
    const watcher = startImapWatcher(inboundCtx, {
      url: config.mailImapUrl,
      starttls: config.mailImapStarttls,
      tlsCaFile: config.mailImapTlsCa,
      tlsServername: config.mailImapTlsServername,
      tlsInsecure: config.mailImapTlsInsecure,
      pollMs: config.mailImapPollMs,
      logger,
    });
    return { kind: 'imap', smtpAddress: null, stop: () => watcher.stop() };
  }
  const receiver = await startSmtpReceiver(inboundCtx, {
    host: config.mailReceiveHost,
    port: config.mailReceivePort,
    logger,
  });
  return { kind: 'smtp', smtpAddress: receiver.address, stop: () => receiver.stop() };
}
