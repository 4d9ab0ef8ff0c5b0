/**
 * The lock on the embedded database's folder, as the composition roots see
 * it: who holds it, the URL a running server recorded in it. Kept apart from
 * database.ts so that a command that only reports a held folder does not load
 * the database drivers.
 */
export { DataDirInUseError, readDataDirHolder, recordServerUrl } from '../db/lock.ts';
