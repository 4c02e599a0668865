import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** A layer of the stack: its name, and what a frame's `functionName url` matches when it belongs to it. */
export type Layer = [string, RegExp];

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const START_UP = /modules\/(esm|cjs)|compileSourceTextModule|wrapSafe/;

/**
 * The share of busy CPU time per layer. Each sample counts for the nearest frame on its stack that
 * belongs to a layer (first matching layer wins), so a socket write made on behalf of a layer counts
 * for it; start-up and idle time are left out of the shares.
 */
export function layerShares(profile: CpuProfile, layers: readonly Layer[]): { shares: Array<[string, number]>; busyMs: number } {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const layerOf = (id: number): string => {
    for (let at: number | undefined = id; at !== undefined; at = parents.get(at)) {
      const { functionName, url } = nodes.get(at)!.callFrame;
      const frame = `${functionName} ${url}`;
      if (frame.startsWith('(idle)')) return 'idle';
      const layer = layers.find(([, pattern]) => pattern.test(frame));
      if (layer) return layer[0];
      if (START_UP.test(frame)) return 'start-up';
    }
    return 'other (Node internals, microtasks)';
  };
  const totals = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const layer = layerOf(id);
    totals.set(layer, (totals.get(layer) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
  totals.delete('idle');
  totals.delete('start-up');
  const busy = [...totals.values()].reduce((sum, time) => sum + time, 0);
  return {
    shares: [...totals].map(([layer, time]): [string, number] => [layer, time / busy]).sort((a, b) => b[1] - a[1]),
    busyMs: busy / 1000,
  };
}

/** The profiles in `dir` now, to tell the one a process writes next from older ones. */
export function profilesIn(dir: string): Set<string> {
  return new Set(existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.cpuprofile')) : []);
}

/**
 * The one main-thread profile written to `dir` since `before`; its path and contents. Names are
 * CPU.<date>.<time>.<pid>.<thread>.<sequence>.cpuprofile; other threads (tsx's loader) are left out.
 */
export function readNewProfile(dir: string, before: Set<string>): { file: string; profile: CpuProfile } {
  const written = [...profilesIn(dir)].filter((name) => !before.has(name) && name.split('.')[4] === '0');
  if (written.length !== 1) throw new Error(`expected one new profile in ${dir}, found ${written.length}`);
  const file = path.join(dir, written[0]!);
  return { file, profile: JSON.parse(readFileSync(file, 'utf8')) as CpuProfile };
}
