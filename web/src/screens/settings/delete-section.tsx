import { Trash2 } from 'lucide-preact';
import { useState } from 'preact/hooks';
import { deleteAccount } from '../../api/account.js';
import { forgetDeletedAccount } from '../../api/auth.js';
import { Alert } from '../../components/alert.js';
import { humanError } from '../../model/human-errors.js';
import { clearUnsent } from '../../offline/unsent.js';

/** "Delete my account": says what goes, and asks for the user name before it does it. */
export function DeleteSection({ userId }: { userId: string }) {
  const [asking, setAsking] = useState(false);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const confirm = (event: Event) => {
    event.preventDefault();
    if (typed.trim() !== userId) return;
    setBusy(true);
    setProblem(null);
    deleteAccount()
      .then(async () => {
        clearUnsent();
        await forgetDeletedAccount();
      })
      .catch((error: unknown) => {
        setProblem(humanError(error, 'delete-account').text);
        setBusy(false);
      });
  };

  return (
    <section aria-labelledby="delete-heading">
      <h3 id="delete-heading">
        <Trash2 aria-hidden="true" />
        Delete my account
      </h3>
      <p>
        Deletes your account and everything in it: your tasks and their reminders, webhooks, reminders on your devices, the calendar feed and every
        sign-in. It cannot be undone; export your data first to keep a copy.
      </p>
      {!asking ? (
        <div class="actions">
          <button type="button" class="danger" onClick={() => setAsking(true)}>
            Delete my account…
          </button>
        </div>
      ) : (
        <form onSubmit={confirm}>
          <label class="field">
            <span>
              Type your user name, <strong>{userId}</strong>, to confirm
            </span>
            <input name="confirm" autocomplete="off" autocapitalize="off" spellcheck={false} value={typed} onInput={(e) => setTyped(e.currentTarget.value)} />
          </label>
          <div class="actions">
            <button type="submit" class="danger solid" disabled={busy || typed.trim() !== userId}>
              Delete my account
            </button>
            <button type="button" onClick={() => (setAsking(false), setTyped(''))}>
              Cancel
            </button>
          </div>
        </form>
      )}
      {problem && <Alert>{problem}</Alert>}
    </section>
  );
}
