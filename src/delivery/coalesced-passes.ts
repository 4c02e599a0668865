export interface CoalescedPasses {
  /** Runs a pass now, or, while one runs, one more right after it; resolves when no more is asked for. */
  run(): Promise<void>;
  /** Asks for a pass after `delayMs` (by default a few ms, so a burst of wakes costs one pass). */
  schedule(delayMs?: number): void;
  /** Drops a scheduled pass and waits for a running one to finish. */
  stop(): Promise<void>;
}

export interface CoalescedPassesOptions {
  pass: () => Promise<void>;
  /** Whether the owner has stopped: no pass is scheduled, and no further one is run, once it has. */
  stopped: () => boolean;
  onError: (error: unknown) => void;
  coalesceMs: number;
}

/** One pass at a time over a dispatcher's work, with wakes coalesced; shared by the delivery channels. */
export function coalescedPasses(options: CoalescedPassesOptions): CoalescedPasses {
  let running: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  function run(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await options.pass();
      } while (again && !options.stopped());
    })()
      .catch(options.onError)
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  return {
    run,
    schedule(delayMs = options.coalesceMs) {
      if (options.stopped() || timer) return;
      timer = setTimeout(() => {
        timer = undefined;
        void run();
      }, delayMs);
    },
    async stop() {
      clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}
