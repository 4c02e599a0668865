import { Square } from 'lucide-preact';
import { useEffect, useRef } from 'preact/hooks';
import type { Recording } from '../state/use-recorder.js';

/** m:ss */
function clock(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** While recording: a pulsing dot, the time, the microphone's level and "Stop". */
export function RecordingStrip({ recording }: { recording: Recording }) {
  const bar = useRef<HTMLDivElement>(null);
  const meter = useRef<HTMLDivElement>(null);

  // The level is drawn every frame through the element's style (CSSOM, which the page's CSP allows).
  useEffect(() => {
    let frame = 0;
    let last = 0;
    const draw = (time: number) => {
      const level = recording.level();
      if (bar.current) bar.current.style.width = `${Math.round(level * 100)}%`;
      if (meter.current && time - last > 500) {
        meter.current.setAttribute('aria-valuenow', String(Math.round(level * 100)));
        last = time;
      }
      frame = requestAnimationFrame(draw);
    };
    frame = requestAnimationFrame(draw);
    return () => cancelAnimationFrame(frame);
  }, [recording.level]);

  return (
    <div class="recording">
      <span class="recording-dot" aria-hidden="true" />
      <span class="recording-time">
        <span class="sr-only">Recording, </span>
        {clock(recording.seconds)}
      </span>
      <div class="level" ref={meter} role="meter" aria-label="Sound level" aria-valuemin={0} aria-valuemax={100} aria-valuenow={0}>
        <div class="level-bar" ref={bar} />
      </div>
      <button type="button" class="primary" onClick={() => recording.stop()}>
        <Square aria-hidden="true" />
        Stop
      </button>
    </div>
  );
}
