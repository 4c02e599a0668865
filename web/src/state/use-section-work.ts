import { useState } from 'preact/hooks';
import { humanError, type Doing } from '../model/human-errors.js';

/**
 * A Settings section's one piece of work at a time: `run` clears the last status and problem, marks the
 * section busy, and turns a failure into the sentence for `doing`.
 */
export function useSectionWork(doing: Doing) {
  const [status, setStatus] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = (work: () => Promise<void>) => {
    setBusy(true);
    setProblem(null);
    setStatus(null);
    work()
      .catch((error: unknown) => setProblem(humanError(error, doing).text))
      .finally(() => setBusy(false));
  };
  return { status, setStatus, problem, setProblem, busy, run };
}
