#!/usr/bin/env node
// Runs the compiled service (dist/, from `npm run build`) when it is there and not older than the
// sources; otherwise the TypeScript sources through tsx, so `npx tickler` works right after `npm ci`.
import { existsSync, readdirSync, statSync } from 'node:fs';
import module from 'node:module';
import { fileURLToPath } from 'node:url';

// Node 22.1 and newer (the container image runs 24) keep V8's compiled code of the modules on disk (in
// NODE_COMPILE_CACHE, or node-compile-cache in the temporary directory), so later starts and commands
// skip most of the parsing and compiling. Node 20 has no such cache; there this does nothing.
module.enableCompileCache?.();

const root = fileURLToPath(new URL('..', import.meta.url));
const compiled = `${root}dist/src/cli/main.js`;

/** The newest modification time under dir (0 when it does not exist, as in the container image). */
function newestChange(dir) {
  let newest = 0;
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    const file = `${dir}/${entry.name}`;
    newest = Math.max(newest, entry.isDirectory() ? newestChange(file) : statSync(file).mtimeMs);
  }
  return newest;
}

function compiledIsCurrent() {
  if (!existsSync(compiled)) return false;
  // Silent on purpose: the service's output stays JSON lines and a command's stderr its own message.
  const builtAt = statSync(compiled).mtimeMs;
  return newestChange(`${root}src`) <= builtAt && newestChange(`${root}packages`) <= builtAt;
}

if (compiledIsCurrent()) {
  await import(compiled);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli/main.ts');
}
