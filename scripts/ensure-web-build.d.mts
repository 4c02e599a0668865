/** A hash of everything the web build reads: web/'s sources and the locked dependency versions. */
export function webSourceHash(): string;
/** Builds web/ into web/dist unless that build matches the sources; answers what it did. */
export function ensureWebBuild(log?: (line: string) => void): 'built' | 'current' | 'kept';
