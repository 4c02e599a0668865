import { UserRound } from 'lucide-preact';
import { useMemo, useState } from 'preact/hooks';
import { updateMe, type Me } from '../../api/account.js';
import { CAPTURE_LANGUAGES } from '../../api/types.js';
import { deviceZone, languageName, pinnedZone, PINNED_ZONE_KEY } from '../../model/dates.js';
import { humanError } from '../../model/human-errors.js';
import { SectionOutcome } from './section-outcome.js';

interface Props {
  me: Me;
  onChange(me: Me): void;
}

function zones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [];
  }
}

/** Who is signed in, the time zone "today" is read in, and the language notes are read in. */
export function ProfileSection({ me, onChange }: Props) {
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [pinned, setPinned] = useState(pinnedZone);
  const allZones = useMemo(zones, []);
  const device = deviceZone();

  const [name, setName] = useState(me.displayName);
  const save = (input: { displayName?: string; timeZone?: string; language?: string | null }, what: string) => {
    setSaving(true);
    setProblem(null);
    setSaved(null);
    updateMe(input)
      .then((next) => {
        onChange(next);
        setSaved(what);
      })
      .catch((error: unknown) => setProblem(humanError(error, 'settings').text))
      .finally(() => setSaving(false));
  };

  const changeZone = (value: string) => {
    // "" follows this device (and the app sets it on every start); a zone stays until changed here.
    if (value) localStorage.setItem(PINNED_ZONE_KEY, value);
    else localStorage.removeItem(PINNED_ZONE_KEY);
    setPinned(value || null);
    save({ timeZone: value || device }, `Time zone: ${value || device}.`);
  };

  return (
    <section aria-labelledby="profile-heading">
      <h3 id="profile-heading">
        <UserRound aria-hidden="true" />
        Profile
      </h3>
      <p>
        Signed in as <strong>{me.id}</strong>.
      </p>
      <form
        class="field-row"
        onSubmit={(event) => {
          event.preventDefault();
          const trimmed = name.trim();
          if (!trimmed || trimmed.length > 100) return setProblem('A display name is 1 to 100 characters. Type one, then save.');
          save({ displayName: trimmed }, 'Display name saved.');
        }}
      >
        <label class="field">
          <span>Display name</span>
          <input name="displayName" value={name} maxLength={100} onInput={(e) => setName(e.currentTarget.value)} />
          <span class="hint">What the people you share lists with see.</span>
        </label>
        <button type="submit" disabled={saving || name.trim() === me.displayName}>
          Save name
        </button>
      </form>
      <div class="field">
        <label for="time-zone">Time zone</label>
        <select id="time-zone" name="timeZone" value={pinned ?? ''} disabled={saving} onChange={(e) => changeZone(e.currentTarget.value)}>
          <option value="">This device’s zone ({device})</option>
          {allZones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replace(/_/g, ' ')}
            </option>
          ))}
        </select>
        <span class="hint">“Today”, repeats and the calendar feed follow it.</span>
      </div>
      <div class="field">
        <label for="capture-language">Capture language</label>
        <select
          id="capture-language"
          name="language"
          value={me.language ?? ''}
          disabled={saving}
          onChange={(e) => save({ language: e.currentTarget.value === '' ? null : e.currentTarget.value }, 'Capture language saved.')}
        >
          <option value="">As this browser is set, else as each note is written</option>
          {CAPTURE_LANGUAGES.map((code) => (
            <option key={code} value={code}>
              {languageName(code)}
            </option>
          ))}
        </select>
      </div>
      <SectionOutcome status={saved} problem={problem} />
    </section>
  );
}
