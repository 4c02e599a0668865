import { Camera, Mic, MicOff, Plus } from 'lucide-preact';
import { useState } from 'preact/hooks';
import { NO_VOICE } from '../model/human-errors.js';
import { keepUnsent, unsentText } from '../offline/unsent.js';
import { RecorderProblem, useRecorder } from '../state/use-recorder.js';
import { Alert } from './alert.js';
import { RecordingStrip } from './recording-strip.js';

interface Props {
  busy: boolean;
  /** False when the service cannot transcribe voice notes (said before recording); null: not known. */
  voice: boolean | null;
  onText(text: string): void;
  onFile(field: 'image' | 'audio', blob: Blob, name: string, text: string): void;
  onProblem(message: string): void;
}

/** One field labelled "New task" with "Photo", "Record" and "Add"; while recording, a strip with "Stop". */
export function CaptureBar({ busy, voice, onText, onFile, onProblem }: Props) {
  const [text, setText] = useState(unsentText);
  const [notice, setNotice] = useState<string | null>(null);
  const { recording, start } = useRecorder((blob, name) => onFile('audio', blob, name, text.trim()));

  function submit(event: Event) {
    event.preventDefault();
    const value = text.trim();
    if (!value) return onProblem('Type what to remember first, then add it.');
    onText(value);
  }

  function record() {
    if (voice === false) return setNotice(NO_VOICE);
    setNotice(null);
    start().catch((error: unknown) => {
      if (error instanceof RecorderProblem) onProblem(error.message);
      else {
        console.error('recording failed', error);
        onProblem('The recording could not start. Type the task or take a photo instead.');
      }
    });
  }

  function pickPhoto(event: Event) {
    const input = event.currentTarget as HTMLInputElement;
    const file = input.files?.[0];
    input.value = '';
    if (file) onFile('image', file, file.name || 'photo.jpg', text.trim());
  }

  return (
    <form class="capture" onSubmit={submit}>
      <div class="capture-row">
        <label class="sr-only" for="capture-text">
          New task
        </label>
        <input
          id="capture-text"
          name="text"
          value={text}
          onInput={(e) => {
            setText(e.currentTarget.value);
            keepUnsent(e.currentTarget.value);
          }}
          placeholder="Add a task…"
          autocomplete="off"
          enterkeyhint="done"
          maxLength={4000}
        />
        <label class="button icon file" title="Photo">
          <Camera aria-hidden="true" />
          <span class="sr-only">Photo</span>
          <input type="file" accept="image/*" capture="environment" onChange={pickPhoto} disabled={busy} />
        </label>
        {!recording && (
          <button type="button" class="icon" onClick={record} disabled={busy} title={voice === false ? NO_VOICE : 'Record'}>
            {voice === false ? <MicOff aria-hidden="true" /> : <Mic aria-hidden="true" />}
            <span class="sr-only">Record</span>
          </button>
        )}
        <button type="submit" class="primary icon" aria-label="Add" title="Add" disabled={busy}>
          <Plus aria-hidden="true" />
        </button>
      </div>
      {recording && <RecordingStrip recording={recording} />}
      {notice && <Alert tone="info">{notice}</Alert>}
    </form>
  );
}
