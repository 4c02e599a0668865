import { h, type FunctionComponent } from 'preact';
import { useEffect, useState } from 'preact/hooks';

/** When this tab last reloaded for a chunk it could not fetch (sessionStorage), so it never loops. */
const RELOADED_KEY = 'tickler.chunk-reload';

/**
 * A chunk that cannot be fetched while online belongs to an older build (a new one was deployed since
 * this page loaded, and its worker let the old files go): the page is loaded again, once, to get the
 * new build. Offline, it is tried again the next time the screen is opened.
 */
function reloadForNewBuild(error: unknown): void {
  console.warn('[tickler] screen not loaded:', error);
  if (!navigator.onLine) return;
  const last = Number(sessionStorage.getItem(RELOADED_KEY) ?? 0);
  if (Date.now() - last < 60_000) return;
  sessionStorage.setItem(RELOADED_KEY, String(Date.now()));
  location.reload();
}

export type LazyComponent<P> = FunctionComponent<P> & {
  /** Starts fetching the component's chunk (before it is shown, to have it at once). */
  preload(): Promise<unknown>;
};

/**
 * A screen in its own chunk, fetched the first time it is shown (or preloaded), so the first load
 * parses and runs only what the queue needs. Preact's core has no `lazy` (compat's would add its weight
 * to the first load); until the chunk is there nothing is drawn, and the service worker has every chunk
 * precached, so that is a moment, also offline.
 */
export function lazy<P extends object>(load: () => Promise<FunctionComponent<P>>): LazyComponent<P> {
  let loaded: FunctionComponent<P> | undefined;
  let pending: Promise<unknown> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A failed fetch (offline before the worker had it) is tried again next time.
        pending = undefined;
        throw error;
      },
    ));
  function Lazy(props: P) {
    const [, setReady] = useState(false);
    // What this first drawing had: the chunk may arrive between drawing and this effect (preloaded).
    const drawn = loaded;
    useEffect(() => {
      if (!drawn) void preload().then(() => setReady(true), reloadForNewBuild);
    }, []);
    return loaded ? h(loaded, props) : null;
  }
  return Object.assign(Lazy, { preload });
}
