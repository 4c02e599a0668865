import { useRef, useState } from 'preact/hooks';

interface Props {
  busy: boolean;
  onText(text: string): void;
  onFile(field: 'image' | 'audio', blob: Blob, name: string, text: string): void;
  onProblem(message: string): void;
}

/** One field labelled "New task" with "Add", a "Photo" picker and a "Record" button. */
export function CaptureBar({ busy, onText, onFile, onProblem }: Props) {
  const [text, setText] = useState('');
  const [recording, setRecording] = useState<MediaRecorder | null>(null);
  const chunks = useRef<Blob[]>([]);

  function submit(event: Event) {
    event.preventDefault();
    const value = text.trim();
    if (!value) return onProblem('Type what to remember first.');
    onText(value);
  }

  async function toggleRecording() {
    if (recording) {
      recording.stop();
      return;
    }
    if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') {
      return onProblem('This browser cannot record here: recording needs https (or localhost).');
    }
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      return onProblem('Tickler may not use the microphone. Allow it in the browser, or type the task.');
    }
    const recorder = new MediaRecorder(stream);
    chunks.current = [];
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.current.push(event.data);
    };
    recorder.onstop = () => {
      for (const track of stream.getTracks()) track.stop();
      setRecording(null);
      const type = recorder.mimeType || 'audio/webm';
      const blob = new Blob(chunks.current, { type });
      onFile('audio', blob, type.includes('mp4') ? 'voice.m4a' : 'voice.webm', text.trim());
    };
    recorder.start();
    setRecording(recorder);
  }

  function pickPhoto(event: Event) {
    const input = event.currentTarget as HTMLInputElement;
    const file = input.files?.[0];
    input.value = '';
    if (file) onFile('image', file, file.name || 'photo.jpg', text.trim());
  }

  return (
    <form class="capture" onSubmit={submit}>
      <label class="field grow">
        <span>New task</span>
        <input
          name="text"
          value={text}
          onInput={(e) => setText(e.currentTarget.value)}
          placeholder="call mom tomorrow at 5pm"
          autocomplete="off"
          enterkeyhint="done"
          maxLength={4000}
        />
      </label>
      <div class="capture-actions">
        <button type="submit" class="primary" disabled={busy}>
          Add
        </button>
        <label class="button file">
          <span>Photo</span>
          <input type="file" accept="image/*" capture="environment" onChange={pickPhoto} disabled={busy} />
        </label>
        <button type="button" onClick={toggleRecording} disabled={busy && !recording}>
          {recording ? 'Stop recording' : 'Record'}
        </button>
      </div>
    </form>
  );
}
