import { CalendarDays, Copy, RefreshCw } from 'lucide-preact';
import { useState } from 'preact/hooks';
import { makeCalendarFeed, turnOffCalendarFeed } from '../../api/account.js';
import { useSectionWork } from '../../state/use-section-work.js';
import { SectionOutcome } from './section-outcome.js';

/**
 * The calendar feed: a secret address a calendar app subscribes to. The service keeps only its hash,
 * so the address is shown when it is made; making one again gives a new address (the old one stops).
 */
export function FeedSection() {
  const [url, setUrl] = useState<string | null>(null);

  const { status, setStatus, problem, setProblem, busy, run } = useSectionWork('feed');

  const make = (again: boolean) =>
    run(async () => {
      setUrl(await makeCalendarFeed());
      setStatus(again ? 'New address made: the old one no longer works. Subscribe to this one instead.' : 'Feed address made. Copy it into your calendar app.');
    });

  const turnOff = () =>
    run(async () => {
      const wasOn = await turnOffCalendarFeed();
      setUrl(null);
      setStatus(wasOn ? 'The calendar feed is off: its address no longer works.' : 'The calendar feed was already off.');
    });

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setStatus('Address copied.');
    } catch {
      (document.getElementById('feed-url') as HTMLInputElement | null)?.select();
      setStatus('Copying is not allowed here: the address is selected, copy it yourself.');
    }
  };

  return (
    <section aria-labelledby="feed-heading">
      <h3 id="feed-heading">
        <CalendarDays aria-hidden="true" />
        Calendar feed
      </h3>
      <p>See your dated tasks in a calendar app (Google, Apple, Outlook) by subscribing to a secret address. Anyone with the address can read your tasks.</p>
      {url ? (
        <>
          <div class="field">
            <label for="feed-url">Feed address</label>
            <div class="secret">
              <input id="feed-url" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
              <button type="button" onClick={() => void copy()}>
                <Copy aria-hidden="true" />
                Copy
              </button>
            </div>
          </div>
          <div class="actions">
            <button type="button" onClick={() => make(true)} disabled={busy}>
              <RefreshCw aria-hidden="true" />
              New address
            </button>
            <button type="button" class="danger" onClick={turnOff} disabled={busy}>
              Turn off
            </button>
          </div>
        </>
      ) : (
        <>
          <p class="hint">Making an address replaces one made before. Turning the feed off stops every address.</p>
          <div class="actions">
          <button type="button" class="primary" onClick={() => make(false)} disabled={busy}>
            Make a feed address
          </button>
          <button type="button" onClick={turnOff} disabled={busy}>
            Turn off
          </button>
          </div>
        </>
      )}
      <SectionOutcome status={status} problem={problem} />
    </section>
  );
}
