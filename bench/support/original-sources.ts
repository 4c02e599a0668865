import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { CpuProfile } from './cpu-profile-layers.js';

/**
 * The production build is one bundle (scripts/build-server.mjs), so a profile's frames name its chunk
 * files, not the package or module the code came from. This rewrites each frame's url to the original
 * file through the chunk's source map (`<chunk>.js.map` beside it), so profiles group by package and
 * module as they did before bundling. Frames with no map (Node internals, node_modules loaded at run
 * time) keep their url.
 */
export function mapToOriginalSources(profile: CpuProfile): CpuProfile {
  const maps = new Map<string, SourceMap | null>();
  const mapOf = (url: string): SourceMap | null => {
    if (!maps.has(url)) {
      const file = url.startsWith('file:') ? `${fileURLToPath(url)}.map` : '';
      maps.set(url, file && existsSync(file) ? new SourceMap(JSON.parse(readFileSync(file, 'utf8'))) : null);
    }
    return maps.get(url) ?? null;
  };
  for (const node of profile.nodes) {
    const { url, lineNumber, columnNumber } = node.callFrame;
    const map = url && lineNumber !== undefined && lineNumber >= 0 ? mapOf(url) : null;
    const entry = map?.findEntry(lineNumber ?? 0, columnNumber ?? 0);
    if (entry && 'originalSource' in entry && entry.originalSource) node.callFrame.url = entry.originalSource;
  }
  return profile;
}
