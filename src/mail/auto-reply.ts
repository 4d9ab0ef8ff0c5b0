/**
 * Mail written by a machine rather than a player: out-of-office replies,
 * bounces, mailing-list traffic, the service's own answers come back. Such
 * mail is recorded and never answered, so the service and an auto-responder
 * cannot keep writing to each other (RFC 3834).
 */
import type { ReadMail } from './read-mail.ts';

/** Why a mail counts as automatic, for inbound_messages.detail. */
export type AutoReason =
  | 'auto-submitted'
  | 'null-sender'
  | 'mailer-daemon'
  | 'precedence'
  | 'x-autoreply'
  | 'x-autorespond'
  | 'x-auto-response-suppress'
  | 'delivery-report'
  | 'own-address';

/** Local parts of the addresses bounces and server notices come from. */
const DAEMONS = new Set(['mailer-daemon', 'postmaster']);

function localPart(address: string | null | undefined): string {
  if (!address) return '';
  const at = address.lastIndexOf('@');
  return (at >= 0 ? address.slice(0, at) : address).toLowerCase();
}

function domainOf(address: string | null | undefined): string {
  if (!address) return '';
  return address.slice(address.lastIndexOf('@') + 1).toLowerCase();
}

/** The value of a header, lower-case, without its parameters (`auto-replied; owner-email=…` → `auto-replied`). */
function first(mail: ReadMail, name: string): string | undefined {
  const v = mail.headers.get(name)?.[0];
  return v === undefined ? undefined : v.split(';')[0]!.trim().toLowerCase();
}

/**
 * The service's own address (orders@ and orders+…@ the mail domain): a mail
 * from it is one of its own answers come back.
 */
function isServiceAddress(address: string | null | undefined, mailDomain: string): boolean {
  const local = localPart(address);
  return domainOf(address) === mailDomain.toLowerCase() && (local === 'orders' || local.startsWith('orders+'));
}

/**
 * Whether the mail comes from a mail system rather than a mailbox: the null sender `<>`, which bounces and other
 * notifications are sent from (RFC 5321 4.5.5), or a mailer daemon's address. Null for any other sender.
 */
export function mailSystemSender(mail: ReadMail): 'null-sender' | 'mailer-daemon' | null {
  if (mail.envelopeFrom === '') return 'null-sender';
  if (mail.envelopeFrom === undefined) {
    const returnPath = mail.headers.get('return-path')?.[0];
    if (returnPath !== undefined && /^<\s*>$/.test(returnPath.trim())) return 'null-sender';
  }
  if (DAEMONS.has(localPart(mail.from)) || DAEMONS.has(localPart(mail.envelopeFrom))) return 'mailer-daemon';
  return null;
}

/** Why this mail was written by a machine, or null for a mail a person wrote. */
export function autoReason(mail: ReadMail, mailDomain: string): AutoReason | null {
  const submitted = first(mail, 'auto-submitted');
  if (submitted !== undefined && submitted !== 'no') return 'auto-submitted';
  const system = mailSystemSender(mail);
  if (system) return system;
  const precedence = first(mail, 'precedence');
  if (precedence === 'bulk' || precedence === 'junk' || precedence === 'list') return 'precedence';
  if (mail.headers.has('x-autoreply')) return 'x-autoreply';
  if (mail.headers.has('x-autorespond')) return 'x-autorespond';
  const suppress = first(mail, 'x-auto-response-suppress');
  if (suppress !== undefined && suppress !== '' && suppress !== 'none') return 'x-auto-response-suppress';
  if (mail.contentType === 'multipart/report') return 'delivery-report';
  if (isServiceAddress(mail.from, mailDomain) || isServiceAddress(mail.envelopeFrom, mailDomain)) return 'own-address';
  return null;
}
