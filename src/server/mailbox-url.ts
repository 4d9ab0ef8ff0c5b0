/**
 * Where the link to the local mailbox is kept: DATA_DIR/mailbox-url, written
 * by the server at every start (zero-setup mail, no MAIL_SMTP_URL) and read by
 * `msc mailbox-url`. The link carries the mailbox key, which shows every
 * address's mail (and the seat tokens in its Reply-To addresses): the file is
 * its owner's only (0600), in a folder that is its owner's only.
 */
import * as fs from 'node:fs';
import { join } from 'node:path';

export const MAILBOX_URL_FILE = 'mailbox-url';

/** Writes the link, replacing any earlier one; false when the folder cannot be written (the link is printed anyway). */
export function writeMailboxUrl(dataDir: string, link: string): boolean {
  const path = join(dataDir, MAILBOX_URL_FILE);
  try {
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    fs.writeFileSync(path, `${link}\n`, { mode: 0o600 });
    fs.chmodSync(path, 0o600);
    return true;
  } catch {
    return false;
  }
}

/** The link the last server on this folder wrote, or null. */
export function readMailboxUrl(dataDir: string): string | null {
  try {
    const text = fs.readFileSync(join(dataDir, MAILBOX_URL_FILE), 'utf8').trim();
    return text === '' ? null : text;
  } catch {
    return null;
  }
}
