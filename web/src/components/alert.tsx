import type { ComponentChildren } from 'preact';

interface Props {
  children: ComponentChildren;
  /** A next step beside the sentence ("Try again", "Sign in"). */
  actions?: ComponentChildren;
  /** "info" for a notice that is no failure (drawn in the accent, still announced). */
  tone?: 'error' | 'info';
}

/** A message for the person, announced at once (`role="alert"`), with its next step. */
export function Alert({ children, actions, tone = 'error' }: Props) {
  return (
    <div role="alert" class={tone === 'info' ? 'alert info' : 'alert'}>
      <p>{children}</p>
      {actions && <div class="alert-actions">{actions}</div>}
    </div>
  );
}
