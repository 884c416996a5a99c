import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The parts of a V8 .cpuprofile (what `node --cpu-prof` writes) the ranking reads; times in µs. */
type CpuProfile = {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number } }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
};

export type SelfTime = { name: string; where: string; ms: number };
export type ProfileSummary = {
  /** Self time per function over every profile, most first, "(idle)" left out. */
  functions: SelfTime[];
  busyMs: number;
  idleMs: number;
};

/** The profiles in `dir`, by the process id Node puts in their name (CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile). */
export function profilesIn(dir: string): Map<number, string> {
  const found = new Map<number, string>();
  for (const file of readdirSync(dir)) {
    const pid = /^CPU\.\d+\.\d+\.(\d+)\.\d+\.\d+\.cpuprofile$/.exec(file)?.[1];
    if (pid) found.set(Number(pid), path.join(dir, file));
  }
  return found;
}

/** Maps a frame of a bundle (esbuild writes its .map beside it) to the source it came from. */
function sourceLocator(): (url: string, line: number, column: number) => string {
  const maps = new Map<string, SourceMap | undefined>();
  const mapOf = (file: string) => {
    if (!maps.has(file)) {
      const mapFile = `${file}.map`;
      maps.set(file, existsSync(mapFile) ? new SourceMap(JSON.parse(readFileSync(mapFile, 'utf8'))) : undefined);
    }
    return maps.get(file);
  };
  return (url, line, column) => {
    const file = url.startsWith('file:') ? fileURLToPath(url) : url;
    // An empty object where the map has no entry.
    const entry: { originalSource?: string; originalLine?: number } | undefined = file.includes(`${path.sep}dist${path.sep}`)
      ? mapOf(file)?.findEntry(line, column)
      : undefined;
    if (entry?.originalSource && entry.originalLine !== undefined)
      return `${path.basename(entry.originalSource)}:${entry.originalLine + 1}`;
    return `${path.basename(file)}:${line + 1}`;
  };
}

/**
 * Self time per function (name, file and line) summed over the profiles, counting only the
 * samples taken between `fromUs` and `toUs` (process.hrtime's clock, which V8's profiler uses
 * too): the measured seconds, not the start-up, the warm-up or the shutdown.
 */
export function selfTimes(files: readonly string[], fromUs: number, toUs: number): ProfileSummary {
  const locate = sourceLocator();
  const byFunction = new Map<string, SelfTime>();
  let idleUs = 0;
  let busyUs = 0;
  for (const file of files) {
    const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
    const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
    // A node is sampled many times; its source location is looked up once.
    const functionOf = new Map<number, { key: string; name: string; where: string }>();
    const lookUp = (nodeId: number) => {
      const frame = frames.get(nodeId)!;
      const name = frame.functionName || '(anonymous)';
      const where = frame.url ? locate(frame.url, frame.lineNumber, frame.columnNumber) : '';
      const found = { key: `${name}|${where}`, name, where };
      functionOf.set(nodeId, found);
      return found;
    };
    let at = profile.startTime;
    profile.samples.forEach((nodeId, i) => {
      const delta = profile.timeDeltas[i] ?? 0;
      at += delta;
      if (at < fromUs || at > toUs) return;
      const { key, name, where } = functionOf.get(nodeId) ?? lookUp(nodeId);
      if (name === '(idle)') {
        idleUs += delta;
        return;
      }
      busyUs += delta;
      const entry = byFunction.get(key) ?? { name, where, ms: 0 };
      entry.ms += delta / 1000;
      byFunction.set(key, entry);
    });
  }
  return {
    functions: [...byFunction.values()].sort((a, b) => b.ms - a.ms),
    busyMs: busyUs / 1000,
    idleMs: idleUs / 1000,
  };
}
