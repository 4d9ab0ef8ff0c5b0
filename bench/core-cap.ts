/**
 * A CPU budget for each process the benchmark measures: a cgroup of its own with a CFS quota (cgroup v1's
 * cpu.cfs_quota_us, or v2's cpu.max), so that a process can use at most `cores` of a core however many are idle.
 *
 * Why: "two processes do 1.7× one" asks whether the service's processes hold each other back (a shared lock, one
 * queue, one connection), and it can only be answered where a second process has cores of its own to run on. On a
 * machine with two cores, one web process with its PostgreSQL backends and the load generator already fills them, so
 * a second process can only take time from the first. Held to a fraction of a core each, every process has the same
 * budget whether it runs alone or beside others, and the machine keeps spare cores for PostgreSQL and the load — as a
 * machine with a core per process would. What is left to measure is what the issue asks: whether a second process
 * adds what the first does.
 *
 * A process held to a share runs in slices (a quarter of each 100 ms, say) and starts each with caches that other
 * processes have used meanwhile: it pays more CPU a request than one that runs freely (about twice, measured here).
 * So the capped figures are compared with each other (two processes against one), never with the uncapped ones.
 *
 * Needs root and a writable cgroup file system (this machine kind has both); where there is none, `coreCapAvailable`
 * says why and the benchmarks print the uncapped figures alone.
 */
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const V1 = '/sys/fs/cgroup/cpu';
const V2 = '/sys/fs/cgroup';
const PERIOD_US = Number(process.env.BENCH_CORE_PERIOD_US ?? 100_000);

type Hierarchy = { readonly version: 1 | 2; readonly root: string };

function hierarchy(): Hierarchy | string {
  if (existsSync(join(V1, 'cpu.cfs_quota_us'))) return { version: 1, root: V1 };
  const controllers = join(V2, 'cgroup.controllers');
  if (existsSync(controllers) && readFileSync(controllers, 'utf8').split(/\s+/).includes('cpu'))
    return { version: 2, root: V2 };
  return 'no cgroup cpu controller is mounted (neither /sys/fs/cgroup/cpu nor a cgroup v2 with cpu)';
}

/** Null when processes can be capped here, or why not. */
export function coreCapAvailable(): string | null {
  const h = hierarchy();
  if (typeof h === 'string') return h;
  const probe = join(h.root, `msc-bench-probe-${process.pid}`);
  try {
    mkdirSync(probe);
    rmdirSync(probe);
    return null;
  } catch (error) {
    return `cannot make a cgroup under ${h.root} (${(error as Error).message}): run as root`;
  }
}

/** A group of processes each held to `cores` of a core; `release` removes the groups once the processes are gone. */
export interface CoreCap {
  readonly cores: number;
  release(): Promise<void>;
}

/** Puts each process in `pids` (with all its threads, present and future) in a cgroup of its own, quota `cores`. */
export function capCores(pids: readonly number[], cores: number): CoreCap {
  const h = hierarchy();
  if (typeof h === 'string') throw new Error(h);
  if (h.version === 2) {
    // A child group can use a controller only when its parent hands it down.
    const subtree = join(h.root, 'cgroup.subtree_control');
    if (!readFileSync(subtree, 'utf8').split(/\s+/).includes('cpu')) writeFileSync(subtree, '+cpu');
  }
  const quota = Math.max(1_000, Math.round(cores * PERIOD_US));
  const groups = pids.map((pid) => {
    const dir = join(h.root, `msc-bench-${process.pid}-${pid}`);
    mkdirSync(dir, { recursive: true });
    if (h.version === 1) {
      writeFileSync(join(dir, 'cpu.cfs_period_us'), String(PERIOD_US));
      writeFileSync(join(dir, 'cpu.cfs_quota_us'), String(quota));
    } else writeFileSync(join(dir, 'cpu.max'), `${quota} ${PERIOD_US}`);
    writeFileSync(join(dir, 'cgroup.procs'), String(pid));
    return dir;
  });
  return {
    cores,
    async release() {
      for (const dir of groups)
        for (let attempt = 0; ; attempt++) {
          try {
            rmdirSync(dir);
            break;
          } catch (error) {
            const code = (error as NodeJS.ErrnoException).code;
            if (code === 'ENOENT') break;
            // A process that has just exited leaves its group a moment later.
            if (code !== 'EBUSY' || attempt >= 50) throw error;
            await sleep(100);
          }
        }
    },
  };
}
