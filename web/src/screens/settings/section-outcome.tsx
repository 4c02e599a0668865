import { Alert } from '../../components/alert.js';

/** A Settings section's last word: what its work did (announced politely), or what went wrong. */
export function SectionOutcome({ status, problem }: { status: string | null; problem: string | null }) {
  return (
    <>
      <p role="status" class="hint">
        {status}
      </p>
      {problem && <Alert>{problem}</Alert>}
    </>
  );
}
