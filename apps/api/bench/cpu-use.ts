import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';

/** CPU seconds used so far, by whom: the API's processes, PostgreSQL's, this process (the load generator), and the whole machine. */
export type CpuUse = { api: number; postgres: number; loadGenerator: number; machine: number };

const ticksPerSecond = 100; // USER_HZ: 100 on every Linux the benchmark runs on.

type ProcessStat = { pid: number; parent: number; command: string; seconds: number };

function processStats(): ProcessStat[] {
  const stats: ProcessStat[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const line = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command sits in parentheses and may itself hold spaces or parentheses.
      const command = line.slice(line.indexOf('(') + 1, line.lastIndexOf(')'));
      const fields = line.slice(line.lastIndexOf(')') + 2).split(' ');
      stats.push({
        pid: Number(entry),
        parent: Number(fields[1]),
        command,
        seconds: (Number(fields[11]) + Number(fields[12])) / ticksPerSecond,
      });
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return stats;
}

/** The API's process and its descendants (its workers). */
function apiTreeOf(stats: ProcessStat[], apiPid: number): Set<number> {
  const apiTree = new Set([apiPid]);
  // Workers are children of the supervising process; one pass per generation is plenty.
  for (let generation = 0; generation < 3; generation += 1) for (const stat of stats) if (apiTree.has(stat.parent)) apiTree.add(stat.pid);
  return apiTree;
}

/** The process ids of the API (the supervisor first, then its workers); empty where /proc is not there to read. */
export function apiProcessIds(apiPid: number | undefined): number[] {
  if (os.platform() !== 'linux' || apiPid === undefined) return [];
  return [...apiTreeOf(processStats(), apiPid)];
}

/** The resident set (VmRSS) of a process in MB; undefined once it has ended. */
export function residentMb(pid: number): number | undefined {
  try {
    const kb = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? undefined : Number(kb) / 1024;
  } catch {
    return undefined;
  }
}

/** Undefined where /proc is not there to read (not Linux). */
export function cpuUse(apiPid: number | undefined): CpuUse | undefined {
  if (os.platform() !== 'linux' || apiPid === undefined) return undefined;
  const stats = processStats();
  const apiTree = apiTreeOf(stats, apiPid);
  const sum = (pick: (stat: ProcessStat) => boolean) => stats.filter(pick).reduce((total, stat) => total + stat.seconds, 0);
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]!
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  return {
    api: sum((stat) => apiTree.has(stat.pid)),
    postgres: sum((stat) => stat.command.startsWith('postgres')),
    loadGenerator: sum((stat) => stat.pid === process.pid),
    machine: (user + nice + system + irq + softirq + steal) / ticksPerSecond,
  };
}

/** Milliseconds of CPU per request between two readings, by whom; `other` is the rest of the machine. */
export function cpuMsPerRequest(
  before: CpuUse | undefined,
  after: CpuUse | undefined,
  requests: number,
): (CpuUse & { other: number }) | undefined {
  if (!before || !after || requests === 0) return undefined;
  const ms = (key: keyof CpuUse) => ((after[key] - before[key]) * 1000) / requests;
  return {
    api: ms('api'),
    postgres: ms('postgres'),
    loadGenerator: ms('loadGenerator'),
    machine: ms('machine'),
    other: Math.max(0, ms('machine') - ms('api') - ms('postgres') - ms('loadGenerator')),
  };
}

/** The line of the report that says it. */
export function cpuPerRequest(perRequest: ReturnType<typeof cpuMsPerRequest>): string {
  if (!perRequest) return '';
  const { api, postgres, loadGenerator, other } = perRequest;
  return `CPU per booking: API ${api.toFixed(2)} ms, PostgreSQL ${postgres.toFixed(2)} ms, load generator ${loadGenerator.toFixed(2)} ms, the rest of the machine (kernel threads, other services) ${other.toFixed(2)} ms`;
}
