import { Copy, Link2, Share2, UserMinus, X } from 'lucide-preact';
import { useEffect, useState } from 'preact/hooks';
import { createInvitation, listMembers, removeMember, type Member, type NewInvitation } from '../../api/sharing.js';
import type { TaskList } from '../../api/types.js';
import { formatWhen, personZone } from '../../model/dates.js';
import { problemOf, type Problem } from '../../model/human-errors.js';

interface Props {
  list: TaskList;
  /** The signed-in person's id (they cannot remove themself here; they leave instead). */
  me: string;
  onClose(): void;
  onProblem(problem: Problem): void;
}

const ROLE_NAMES = { OWNER: 'Owner', EDITOR: 'Editor', VIEWER: 'Viewer' } as const;

/**
 * "Share list": invite as editor or viewer (a link for one person, good for 7 days, with "Copy link"
 * and the phone's share sheet), and the members with their roles; the owner removes members.
 */
export function ShareSheet({ list, me, onClose, onProblem }: Props) {
  const [members, setMembers] = useState<Member[] | null>(null);
  const [invitation, setInvitation] = useState<NewInvitation | null>(null);
  const [copied, setCopied] = useState(false);
  const [busy, setBusy] = useState(false);
  const owner = list.role === 'OWNER';

  const load = () =>
    listMembers(list.id)
      .then((answer) => setMembers(answer.members))
      .catch((error: unknown) => onProblem(problemOf(error, 'share')));
  // Read again when someone joins or leaves (the lists are re-read on every list change).
  useEffect(() => void load(), [list.id, list.memberCount]);

  async function invite(role: 'EDITOR' | 'VIEWER') {
    setBusy(true);
    setCopied(false);
    try {
      setInvitation(await createInvitation(list.id, role));
    } catch (error) {
      onProblem(problemOf(error, 'share'));
    } finally {
      setBusy(false);
    }
  }

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      onProblem({ text: 'The link could not be copied. Select it and copy it yourself.' });
    }
  }

  async function remove(member: Member) {
    setBusy(true);
    try {
      await removeMember(list.id, member.userId);
      await load();
    } catch (error) {
      onProblem(problemOf(error, 'share'));
    } finally {
      setBusy(false);
    }
  }

  const canShare = typeof navigator.share === 'function';
  return (
    <section class="share-sheet" role="dialog" aria-labelledby="share-heading">
      <header class="sheet-header">
        <h3 id="share-heading">Share “{list.name}”</h3>
        <button type="button" class="icon" aria-label="Close" title="Close" onClick={onClose}>
          <X aria-hidden="true" />
        </button>
      </header>
      <p class="hint">A link lets one person join. It works for 7 days.</p>
      <div class="actions">
        <button type="button" disabled={busy} onClick={() => void invite('EDITOR')}>
          <Link2 aria-hidden="true" />
          Invite as editor
        </button>
        <button type="button" disabled={busy} onClick={() => void invite('VIEWER')}>
          <Link2 aria-hidden="true" />
          Invite as viewer
        </button>
      </div>
      {invitation && (
        <div class="invitation">
          <label class="field">
            <span>Invitation link ({invitation.role === 'EDITOR' ? 'can edit' : 'can view'})</span>
            <input readOnly value={invitation.url} onFocus={(event) => event.currentTarget.select()} />
          </label>
          <p class="hint">Good until {formatWhen(new Date(invitation.expiresAt), new Date(), personZone())}.</p>
          <div class="actions">
            <button type="button" class="primary" onClick={() => void copy(invitation.url)}>
              <Copy aria-hidden="true" />
              Copy link
            </button>
            {canShare && (
              <button
                type="button"
                onClick={() => void navigator.share({ title: `Join “${list.name}” on Tickler`, url: invitation.url }).catch(() => undefined)}
              >
                <Share2 aria-hidden="true" />
                Share…
              </button>
            )}
          </div>
          {copied && <p role="status">Link copied.</p>}
        </div>
      )}
      <h4 id="members-heading">Members</h4>
      {!members ? (
        <p class="hint">Loading…</p>
      ) : (
        <ul class="members" aria-labelledby="members-heading">
          {members.map((member) => (
            <li key={member.userId}>
              <span class="member-name">
                {member.displayName}
                {member.userId === me && ' (you)'}
              </span>
              <span class="member-role">{ROLE_NAMES[member.role]}</span>
              {owner && member.userId !== me && (
                <button type="button" class="icon" aria-label={`Remove ${member.displayName}`} title="Remove" disabled={busy} onClick={() => void remove(member)}>
                  <UserMinus aria-hidden="true" />
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
