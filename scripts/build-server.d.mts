import type { BuildResult } from 'esbuild';

/** Packages loaded from node_modules at run time instead of bundled. */
export const EXTERNAL: string[];
/** Bundles the service into outdir (default dist/src/cli), emptied first; answers esbuild's result with its metafile. */
export function buildServer(outdir?: string): Promise<BuildResult<{ metafile: true }>>;
