/**
 * What a bounce says: which of the service's mails it answers and whether the failure is permanent. mailparser has
 * taken the mail apart (read-mail.ts): a delivery status notification's (RFC 3464, multipart/report;
 * report-type=delivery-status) status fields are in its text, the returned mail's headers in `returnedHeaders`. The
 * bounce formats that are no DSN (qmail's "Hi. This is the qmail-send program", Exim's "Mail delivery failed",
 * older Postfix and Microsoft Exchange notices) are matched by the address they came back to, which names the mail
 * (VERP, service-key.ts), and judged by the server answer they quote.
 */
import { outboxOfBounceAddress } from '../games/service-key.ts';
import type { BounceReport } from '../games/outbox/bounces.ts';
import { mailSystemSender } from './auto-reply.ts';
import type { ReadMail } from './read-mail.ts';

/** A DSN's per-recipient fields (RFC 3464 §2.3), each unfolded, as they stand in the mail's text. */
function dsnFields(text: string): { action: string | null; status: string | null; diagnostic: string | null } {
  const unfolded = text.replace(/\r?\n[ \t]+/g, ' ');
  const field = (name: string) => new RegExp(`^${name}:[ \\t]*(.+)$`, 'im').exec(unfolded)?.[1]?.trim() ?? null;
  return {
    action: field('Action')?.toLowerCase().split(/\s/)[0] ?? null,
    status: /^([245]\.\d{1,3}\.\d{1,3})\b/.exec(field('Status') ?? '')?.[1] ?? null,
    diagnostic: field('Diagnostic-Code')?.replace(/^[\w-]+;\s*/, '') ?? null,
  };
}

/** Words of a notice that says the sending server keeps trying: a transient failure. */
const STILL_TRYING =
  /\b(delayed|has not yet been delivered|will (?:continue|keep) (?:to )?try|still trying|temporar(?:y|ily)|will retry)\b/i;
/** A server's answer quoted in a notice: the line with an enhanced status code, or a three-digit reply code. */
const SERVER_ANSWER = /^[^\n]*?(?:\b([245])\.\d{1,3}\.\d{1,3}\b|(?:^|\s)([45])\d\d[ -])[^\n]*/m;

/** The status and reason of a bounce that is no DSN, from the answer it quotes (the line it stands on). */
function noticeVerdict(text: string): { permanent: boolean; reason: string } {
  const answer = SERVER_ANSWER.exec(text);
  const klass = answer ? (answer[1] ?? answer[2] ?? null) : null;
  const permanent =
    klass === '5' ||
    (klass === null && !STILL_TRYING.test(text) && /permanent|failed|undeliverable|could not be delivered/i.test(text));
  return { permanent: permanent && !STILL_TRYING.test(text), reason: (answer?.[0] ?? '').trim() };
}

/** The Message-IDs a bounce returns (the returned headers first, then any quoted in its text). */
function returnedMessageIds(mail: ReadMail): string[] {
  const ids = [...`${mail.returnedHeaders}\n${mail.body}`.matchAll(/^Message-ID:[ \t]*(<[^<>\s]{1,250}>)/gim)].map(
    (m) => m[1]!,
  );
  return [...new Set(ids)].filter((id) => id !== mail.ownMessageId);
}

/**
 * The bounce a mail is, or null when it is none (an out-of-office answer, a mailing list, a report that the mail was
 * delivered): a delivery report, or a notice from the null sender or a mailer daemon to a mail's bounce address.
 */
export function readBounce(
  mail: ReadMail,
  service: { readonly serviceKey: Buffer; readonly mailDomain: string },
): BounceReport | null {
  const outboxId =
    mail.recipients
      .map((address) => outboxOfBounceAddress(service.serviceKey, service.mailDomain, address))
      .find((id) => id !== null) ?? null;
  const reportType = /report-type\s*=\s*"?([\w-]+)/i.exec(mail.headers.get('content-type')?.[0] ?? '')?.[1];
  const isDsn = mail.contentType === 'multipart/report' && reportType?.toLowerCase() === 'delivery-status';
  if (!isDsn && !(outboxId !== null && mailSystemSender(mail) !== null)) return null;
  const messageIds = returnedMessageIds(mail);
  if (isDsn) {
    const { action, status, diagnostic } = dsnFields(mail.body);
    // Delivered, relayed or expanded: no failure to record.
    if (action !== null && action !== 'failed' && action !== 'delayed') return null;
    const permanent = action !== 'delayed' && (status === null || status.startsWith('5'));
    const reason = diagnostic ?? (status ? `status ${status}` : noticeVerdict(mail.body).reason);
    return { outboxId, messageIds, permanent, reason };
  }
  const { permanent, reason } = noticeVerdict(mail.body);
  return { outboxId, messageIds, permanent, reason: reason || mail.subject };
}
