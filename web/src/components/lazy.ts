import { h, type FunctionComponent } from 'preact';
import { useEffect, useState } from 'preact/hooks';

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
    useEffect(() => {
      if (!loaded) void preload().then(() => setReady(true), () => undefined);
    }, []);
    return loaded ? h(loaded, props) : null;
  }
  return Object.assign(Lazy, { preload });
}
