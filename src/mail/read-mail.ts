/**
 * Reading an incoming mail, whatever arrives: a size limit checked before any
 * parsing, the headers the pipeline decides on, and the body as plain text
 * (the text part; an HTML-only mail converted, its quotations kept as `> `
 * lines so the orders language skips them; any charset mailparser knows,
 * undecodable bytes replaced). Never throws: a mail that cannot be parsed is
 * read as far as its headers go, with an empty body.
 */
import { createHash } from 'node:crypto';
import { convert } from 'html-to-text';
import { simpleParser, type AddressObject, type HeaderLines, type ParsedMail } from 'mailparser';

/** What the receiving server knows beyond the message itself. */
export interface InboundEnvelope {
  /** SMTP MAIL FROM ('' for the null sender `<>`); absent when the receiver does not know it (IMAP). */
  readonly from?: string;
  /** SMTP RCPT TO addresses. */
  readonly to?: readonly string[];
  /**
   * The message's full size in bytes, when `raw` holds only its beginning
   * (a receiver that stopped reading an oversized message, or fetched only its headers).
   */
  readonly size?: number;
}

/** Raw header lines by lower-case name, each value unfolded (`Name: value` → `value`). */
export type HeaderValues = ReadonlyMap<string, readonly string[]>;

export interface ReadMail {
  /** The Message-ID, or `<sha256.HEX@inbound.invalid>` from the raw bytes when there is none. */
  readonly messageId: string;
  /** The mail's own Message-ID, to answer it in the same thread (null: it had none). */
  readonly ownMessageId: string | null;
  /** The Message-IDs it answers: In-Reply-To, then References from the newest back. */
  readonly refersTo: readonly string[];
  readonly size: number;
  /** Over the limit: only the headers were read. */
  readonly tooLarge: boolean;
  /** The From address, lower-cased (null: none that parses). */
  readonly from: string | null;
  /** The SMTP envelope sender, as given by the receiver ('' = null sender). */
  readonly envelopeFrom: string | undefined;
  readonly subject: string;
  /** Every recipient address as written (case kept), envelope first, then To, Cc, Delivered-To, X-Original-To. */
  readonly recipients: readonly string[];
  readonly headers: HeaderValues;
  /** The top-level content type, lower-case, e.g. `multipart/report`. */
  readonly contentType: string;
  /** The text the orders are read from; '' when the mail has none. */
  readonly body: string;
  readonly bodyFrom: 'text' | 'html' | 'none';
  readonly attachments: number;
  /** Every attachment's file name (or content type, when it has none), in order, at most MAX_ATTACHMENTS_LISTED. */
  readonly attachmentNames: readonly string[];
  /** The `text/plain` attachments small enough to hold orders, decoded: where orders may be when the text has none. */
  readonly textAttachments: readonly { readonly name: string; readonly text: string }[];
  /**
   * The headers of a mail returned inside this one (a bounce's `message/rfc822` or `text/rfc822-headers` part), at most
   * RETURNED_HEADERS_BYTES; '' when it holds none. A bounce is matched to the mail it answers by its Message-ID.
   */
  readonly returnedHeaders: string;
  /** Why the mail could not be parsed in full, if it could not. */
  readonly parseError: string | null;
  /** SHA-256 of the text the orders are read from: two mails under one Message-ID with different text are two mails. */
  readonly textHash: string;
  /**
   * SHA-256 of what the sender wrote — From, its Date header, Subject and the text — the same however many relays
   * the mail went through; null when it has no Date (a relay would add one, and the key would not hold).
   */
  readonly contentKey: string | null;
  /**
   * Whether its Message-ID was most likely added on the way rather than by the sender's mail program (none, or one
   * whose domain is a host a Received header says took the mail in): such an id may differ on a second delivery.
   */
  readonly idFromRelay: boolean;
}

/** Headers are looked for in the first this many bytes only; beyond them a mail is junk. */
const HEADER_SCAN_BYTES = 256 * 1024;
/** Headers kept of a mail whose header section never ends. */
const HEADER_KEEP_BYTES = 64 * 1024;
/** HTML converted at most: an order mail's HTML is a few KiB. */
const HTML_MAX_CHARS = 1024 * 1024;
/** A text attachment larger than this is no order block: it is not read. */
const TEXT_ATTACHMENT_MAX_BYTES = 64 * 1024;
/** Text attachments decoded at most, and attachment names listed at most. */
const TEXT_ATTACHMENTS_READ = 3;
const MAX_ATTACHMENTS_LISTED = 10;
/** A Message-ID longer than this is replaced by its hash (it is a primary key). */
const MESSAGE_ID_MAX = 500;

/** Text that can be stored and mailed: no NUL (PostgreSQL refuses it), no unpaired surrogate. */
function storableText(text: string): string {
  return text
    .replace(/\u0000/g, '') // eslint-disable-line no-control-regex
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

/** The header section of a raw message, without its body; bounded however the message looks. */
function headerSection(raw: Buffer): Buffer {
  const scan = raw.subarray(0, HEADER_SCAN_BYTES);
  const crlf = scan.indexOf('\r\n\r\n');
  const lf = scan.indexOf('\n\n');
  const ends = [crlf, lf].filter((i) => i >= 0);
  if (ends.length > 0) return raw.subarray(0, Math.min(...ends));
  if (raw.length <= HEADER_KEEP_BYTES) return raw;
  const cut = scan.subarray(0, HEADER_KEEP_BYTES).lastIndexOf('\n');
  return raw.subarray(0, cut > 0 ? cut : HEADER_KEEP_BYTES);
}

function headerValues(lines: HeaderLines | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const { key, line } of lines ?? []) {
    const colon = line.indexOf(':');
    const value = (colon >= 0 ? line.slice(colon + 1) : '').replace(/\r?\n[ \t]+/g, ' ').trim();
    const list = map.get(key) ?? [];
    list.push(value);
    map.set(key, list);
  }
  return map;
}

/** Addresses in a parsed address header (mailparser gives one object or a list for repeated headers). */
function addressesOf(value: AddressObject | AddressObject[] | undefined): string[] {
  const out: string[] = [];
  const visit = (entries: AddressObject['value']) => {
    for (const e of entries) {
      if (e.address) out.push(e.address);
      if (e.group) visit(e.group);
    }
  };
  for (const object of Array.isArray(value) ? value : value ? [value] : []) visit(object.value);
  return out;
}

/** Plain addresses out of a raw header value: `Name <a@b>, c@d` → a@b, c@d. */
function addressesInText(value: string): string[] {
  return [...value.matchAll(/[^\s<>,;"()]+@[^\s<>,;"()]+/g)].map((m) => m[0]);
}

/** A sender address as seats are registered: lower-case. */
function normalizeAddress(address: string): string {
  return bareAddress(address).toLowerCase();
}

/** A recipient address as given: its local part may carry a token, and tokens are case-sensitive. */
function bareAddress(address: string): string {
  return storableText(address.trim().replace(/^<|>$/g, '')).slice(0, 320);
}

/**
 * HTML as the text a player would see, nothing wrapped (an order line must
 * stay one line); html-to-text writes a blockquote's lines as `> ` lines.
 */
function htmlBodyToText(html: string): string {
  return convert(html.slice(0, HTML_MAX_CHARS), {
    wordwrap: false,
    selectors: [
      { selector: 'a', options: { ignoreHref: true } },
      { selector: 'img', format: 'skip' },
    ],
  });
}

async function parse(raw: Buffer): Promise<{ mail: ParsedMail | null; error: string | null }> {
  try {
    return {
      mail: await simpleParser(raw, { skipHtmlToText: true, skipImageLinks: true, skipTextToHtml: true }),
      error: null,
    };
  } catch (error) {
    try {
      return {
        mail: await simpleParser(Buffer.concat([headerSection(raw), Buffer.from('\r\n\r\n')])),
        error: (error as Error).message,
      };
    } catch {
      return { mail: null, error: (error as Error).message };
    }
  }
}

function messageIdOf(mail: ParsedMail | null, raw: Buffer): { messageId: string; own: string | null } {
  const given = mail?.messageId ? storableText(mail.messageId).trim() : '';
  if (given !== '' && given.length <= MESSAGE_ID_MAX) return { messageId: given, own: given };
  // No Message-ID (or an absurd one): the message's own bytes name it, so a second copy still dedups.
  const hash = createHash('sha256')
    .update(given === '' ? raw : given)
    .digest('hex');
  return { messageId: `<sha256.${hash}@inbound.invalid>`, own: null };
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The hosts Received headers name as having taken the mail in (`by HOST`), lower-case. */
function receivingHosts(headers: HeaderValues): Set<string> {
  const hosts = new Set<string>();
  for (const line of headers.get('received') ?? []) {
    const by = /\bby\s+([A-Za-z0-9.-]+)/i.exec(line)?.[1];
    if (by) hosts.add(by.toLowerCase().replace(/\.$/, ''));
  }
  return hosts;
}

function idAddedOnTheWay(own: string | null, headers: HeaderValues): boolean {
  if (own === null) return true;
  const domain = /@([^@>\s]+)>?$/.exec(own)?.[1]?.toLowerCase();
  return domain !== undefined && receivingHosts(headers).has(domain);
}

/** At most this many of a mail's references are looked at. */
const REFERENCES_READ = 50;

function refersTo(mail: ParsedMail | null): string[] {
  if (!mail) return [];
  const references = typeof mail.references === 'string' ? [mail.references] : (mail.references ?? []);
  const ids = [...(mail.inReplyTo ? mail.inReplyTo.split(/\s+/) : []), ...references.slice(-REFERENCES_READ).reverse()];
  return ids.map((id) => storableText(id).trim()).filter((id) => id !== '' && id.length <= MESSAGE_ID_MAX);
}

/** An attachment as the answer names it: its file name, cleaned and capped, or its content type. */
function attachmentName(a: ParsedMail['attachments'][number]): string {
  const name = storableText(a.filename ?? '')
    .replace(/[\r\n"]/g, ' ')
    .trim()
    .slice(0, 80);
  return name === '' ? `an attachment of type ${a.contentType}` : name;
}

/** The `text/plain` attachments small enough to hold orders, decoded in their charset (UTF-8 when unknown). */
function textAttachmentsOf(mail: ParsedMail): { name: string; text: string }[] {
  const out: { name: string; text: string }[] = [];
  for (const a of mail.attachments) {
    if (out.length >= TEXT_ATTACHMENTS_READ) break;
    if (a.contentType.toLowerCase() !== 'text/plain' || a.content.length > TEXT_ATTACHMENT_MAX_BYTES) continue;
    const type = a.headers.get('content-type') as { params?: { charset?: unknown } } | undefined;
    const charset = typeof type?.params?.charset === 'string' ? type.params.charset : 'utf-8';
    let text: string;
    try {
      text = new TextDecoder(charset).decode(a.content);
    } catch {
      text = new TextDecoder('utf-8').decode(a.content);
    }
    out.push({ name: attachmentName(a), text: storableText(text) });
  }
  return out;
}

/** A returned mail's headers are read this far: a bounce's Message-ID is near their top. */
const RETURNED_HEADERS_BYTES = 16 * 1024;
const RETURNED_TYPES = new Set(['message/rfc822', 'text/rfc822-headers', 'message/global', 'message/global-headers']);

/** The header section of every mail returned inside this one (a bounce's), decoded as UTF-8. */
function returnedHeadersOf(mail: ParsedMail): string {
  return mail.attachments
    .filter((a) => RETURNED_TYPES.has(a.contentType.toLowerCase()))
    .map((a) => storableText(a.content.subarray(0, RETURNED_HEADERS_BYTES).toString('utf8')).split(/\n\s*\n/)[0]!)
    .join('\n')
    .slice(0, RETURNED_HEADERS_BYTES);
}

/** Reads a raw RFC 822 message; over `maxBytes`, only its headers. */
export async function readMail(raw: Buffer, envelope: InboundEnvelope, maxBytes: number): Promise<ReadMail> {
  const size = Math.max(envelope.size ?? 0, raw.length);
  const tooLarge = size > maxBytes;
  const { mail, error } = await parse(tooLarge ? Buffer.concat([headerSection(raw), Buffer.from('\r\n\r\n')]) : raw);
  const headers = headerValues(mail?.headerLines);
  const { messageId, own } = messageIdOf(mail, raw);

  const fromList = addressesOf(mail?.from);
  const recipients = [
    ...(envelope.to ?? []),
    ...addressesOf(mail?.to),
    ...addressesOf(mail?.cc),
    ...(headers.get('delivered-to') ?? []).flatMap(addressesInText),
    ...(headers.get('x-original-to') ?? []).flatMap(addressesInText),
  ].map(bareAddress);

  let body = '';
  let bodyFrom: ReadMail['bodyFrom'] = 'none';
  if (mail && !tooLarge) {
    if (typeof mail.text === 'string' && mail.text.trim() !== '') {
      body = mail.text;
      bodyFrom = 'text';
    } else if (typeof mail.html === 'string' && mail.html.trim() !== '') {
      body = htmlBodyToText(mail.html);
      bodyFrom = body.trim() === '' ? 'none' : 'html';
    }
  }
  const contentType = (headers.get('content-type')?.[0] ?? 'text/plain').split(';')[0]!.trim().toLowerCase();
  const from = fromList[0] ? normalizeAddress(fromList[0]) : null;
  const subject = storableText(mail?.subject ?? '').slice(0, 300);
  const text = storableText(body);
  const date = headers.get('date')?.[0]?.trim() ?? '';
  return {
    messageId,
    ownMessageId: own,
    refersTo: refersTo(mail),
    size,
    tooLarge,
    from,
    envelopeFrom: envelope.from === undefined ? undefined : normalizeAddress(envelope.from),
    subject,
    recipients: [...new Set(recipients)],
    headers,
    contentType,
    body: text,
    bodyFrom,
    attachments: mail?.attachments.length ?? 0,
    attachmentNames: (mail?.attachments ?? []).slice(0, MAX_ATTACHMENTS_LISTED).map(attachmentName),
    textAttachments: mail && !tooLarge ? textAttachmentsOf(mail) : [],
    returnedHeaders: mail && !tooLarge ? returnedHeadersOf(mail) : '',
    parseError: error,
    textHash: sha256(text),
    contentKey: date === '' ? null : sha256(JSON.stringify([from, date, subject, text])),
    idFromRelay: idAddedOnTheWay(own, headers),
  };
}
