import { Check } from 'lucide-preact';
import { useState } from 'preact/hooks';
import { Alert } from '../../components/alert.js';

/** The colors a list can take (the service takes any #rrggbb; these read well in both themes). */
export const LIST_COLORS: { name: string; value: string | null }[] = [
  { name: 'No color', value: null },
  { name: 'Blue', value: '#2f7fc1' },
  { name: 'Green', value: '#2e8b57' },
  { name: 'Orange', value: '#d9822b' },
  { name: 'Red', value: '#c2413b' },
  { name: 'Purple', value: '#8456c8' },
];

interface Props {
  heading: string;
  submitLabel: string;
  initial?: { name: string; color: string | null };
  busy: boolean;
  onSubmit(name: string, color: string | null): void;
  onCancel(): void;
}

/** A list's name and color: the "New list" and "Rename list" forms. */
export function ListFields({ heading, submitLabel, initial, busy, onSubmit, onCancel }: Props) {
  const [name, setName] = useState(initial?.name ?? '');
  const [color, setColor] = useState<string | null>(initial?.color ?? null);
  const [problem, setProblem] = useState<string | null>(null);

  function submit(event: Event) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setProblem('A list needs a name. Type one, then save.');
    if (trimmed.length > 100) return setProblem('A list name can be up to 100 characters.');
    setProblem(null);
    onSubmit(trimmed, color);
  }

  return (
    <form class="list-fields" onSubmit={submit} noValidate aria-label={heading}>
      <h3>{heading}</h3>
      <label class="field">
        <span>List name</span>
        <input name="name" value={name} maxLength={100} onInput={(e) => setName(e.currentTarget.value)} />
      </label>
      <fieldset>
        <legend>Color</legend>
        <div class="swatches">
          {LIST_COLORS.map((choice) => (
            <label key={choice.name} class="swatch" title={choice.name}>
              <input type="radio" name="color" aria-label={choice.name} checked={color === choice.value} onChange={() => setColor(choice.value)} />
              <span class="list-dot" style={choice.value ? { background: choice.value } : undefined} aria-hidden="true" />
            </label>
          ))}
        </div>
      </fieldset>
      {problem && <Alert>{problem}</Alert>}
      <div class="actions">
        <button type="submit" class="primary" disabled={busy}>
          <Check aria-hidden="true" />
          {submitLabel}
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
