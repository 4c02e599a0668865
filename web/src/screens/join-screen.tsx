import { Check, Users } from 'lucide-preact';
import { useEffect, useState } from 'preact/hooks';
import { acceptInvitation, previewInvitation, type InvitationPreview } from '../api/sharing.js';
import type { TaskList } from '../api/types.js';
import { Alert } from '../components/alert.js';
import { humanError } from '../model/human-errors.js';

interface Props {
  token: string;
  onJoined(list: TaskList | { id: string }): void;
  onCancel(): void;
}

/** `/join#<token>`: the list's name and who invited, then "Join". */
export function JoinScreen({ token, onJoined, onCancel }: Props) {
  const [preview, setPreview] = useState<InvitationPreview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    previewInvitation(token)
      .then(setPreview)
      .catch((error: unknown) => setProblem(humanError(error, 'join').text));
  }, [token]);

  async function join() {
    setBusy(true);
    try {
      onJoined(await acceptInvitation(token));
    } catch (error) {
      setProblem(humanError(error, 'join').text);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section class="card join" aria-labelledby="join-heading">
      <h2 id="join-heading">
        <Users aria-hidden="true" />
        {preview ? `Join “${preview.listName}”` : 'Join a list'}
      </h2>
      {problem && <Alert>{problem}</Alert>}
      {!preview && !problem && <p class="hint">Reading the invitation…</p>}
      {preview && (
        <p>
          {preview.inviter.displayName} invited you to {preview.role === 'EDITOR' ? 'add to and change' : 'see'} the list “{preview.listName}”.
          {preview.alreadyMember && ' You are in this list already.'}
        </p>
      )}
      <div class="actions">
        {preview && !preview.alreadyMember && (
          <button type="button" class="primary" disabled={busy} onClick={() => void join()}>
            <Check aria-hidden="true" />
            Join
          </button>
        )}
        {preview?.alreadyMember && (
          <button type="button" class="primary" onClick={() => onJoined({ id: preview.listId })}>
            Open the list
          </button>
        )}
        <button type="button" onClick={onCancel}>
          Not now
        </button>
      </div>
    </section>
  );
}
