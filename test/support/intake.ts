/**
 * A reader's whole intake, for the fog tests: every mail the service queued to an address (subject, headers, text,
 * HTML), every page a visitor opens, every API answer — each as text to scan for what must not be there.
 */
import { and, asc, eq, gt } from 'drizzle-orm';
import { expect } from 'vitest';
import { outbox } from '../../src/db/schema.ts';
import type { AppDatabase } from '../../src/db/client.ts';
import type { Visitor } from '../web/pages-support.ts';

export interface Seen {
  readonly where: string;
  readonly text: string;
}

/** What must not be read: a name for the failure and a test of a text. */
export interface Forbidden {
  readonly what: string;
  readonly test: (text: string) => boolean;
}

/** An id as a word of a text, in any case. */
export const word = (id: string): RegExp => new RegExp(`\\b${id}\\b`, 'i');

/** The mails queued to `address` after outbox row `after`, oldest first, and the last row read (for the next call). */
export async function mailsSince(
  db: AppDatabase,
  address: string,
  after: number,
): Promise<{ readonly seen: Seen[]; readonly last: number }> {
  const mails = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.toAddress, address), gt(outbox.id, after)))
    .orderBy(asc(outbox.id));
  return {
    seen: mails.map((m) => ({
      where: `mail ${m.id} "${m.subject}"`,
      text: [m.subject, JSON.stringify(m.headers), m.textBody, m.htmlBody ?? ''].join('\n'),
    })),
    last: mails.at(-1)?.id ?? after,
  };
}

/** Every page of `paths` as `v` opens it; none may fail on the server's side. */
export async function pagesSeen(v: Visitor, paths: readonly string[], who: string): Promise<Seen[]> {
  const seen: Seen[] = [];
  for (const path of paths) {
    const page = await v.get(path);
    expect(page.status, `${who} GET ${path}`).toBeLessThan(500);
    seen.push({ where: `page ${path}`, text: page.text });
  }
  return seen;
}

/** None of `seen` holds anything `forbidden` names. */
export function expectNothingForbidden(seen: readonly Seen[], forbidden: readonly Forbidden[], who: string): void {
  for (const item of seen)
    for (const f of forbidden) expect(f.test(item.text), `${who} sees ${f.what} in ${item.where}`).toBe(false);
}
