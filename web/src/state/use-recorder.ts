import { useEffect, useRef, useState } from 'preact/hooks';

export interface Recording {
  /** Seconds since recording began. */
  seconds: number;
  /** The sound level now, 0 to 1 (for a meter). */
  level(): number;
  stop(): void;
}

/** Why a recording could not start, in words for the person. */
export class RecorderProblem extends Error {}

/**
 * Records a voice note with MediaRecorder; while it runs, a clock and the microphone's level (an
 * AnalyserNode) for the person to see that it hears them. `done` gets the note when stopped.
 */
export function useRecorder(done: (blob: Blob, name: string) => void): {
  recording: Recording | null;
  start(): Promise<void>;
} {
  const [recording, setRecording] = useState<Recording | null>(null);
  const cleanup = useRef<(() => void) | null>(null);
  const latest = useRef(done);
  latest.current = done;

  useEffect(() => () => cleanup.current?.(), []);

  async function start(): Promise<void> {
    if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') {
      throw new RecorderProblem('This browser cannot record here: recording needs a secure (https) address. Type the task or take a photo instead.');
    }
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (error) {
      console.warn('getUserMedia refused', error);
      throw new RecorderProblem('Tickler may not use the microphone. Allow it in the browser’s site settings, or type the task.');
    }
    const recorder = new MediaRecorder(stream);
    const chunks: Blob[] = [];
    const startedAt = Date.now();
    let audio: AudioContext | null = null;
    let analyser: AnalyserNode | null = null;
    try {
      audio = new AudioContext();
      analyser = audio.createAnalyser();
      analyser.fftSize = 512;
      audio.createMediaStreamSource(stream).connect(analyser);
    } catch {
      analyser = null; // No meter, the recording still works.
    }
    const samples = new Uint8Array(analyser?.fftSize ?? 0);
    const level = () => {
      if (!analyser) return 0;
      analyser.getByteTimeDomainData(samples);
      let sum = 0;
      for (const sample of samples) sum += ((sample - 128) / 128) ** 2;
      return Math.min(1, Math.sqrt(sum / samples.length) * 4);
    };
    const tick = window.setInterval(() => setRecording((now) => (now ? { ...now, seconds: Math.floor((Date.now() - startedAt) / 1000) } : now)), 250);
    const release = () => {
      window.clearInterval(tick);
      for (const track of stream.getTracks()) track.stop();
      void audio?.close().catch(() => undefined);
      cleanup.current = null;
    };
    cleanup.current = () => {
      recorder.onstop = null;
      if (recorder.state !== 'inactive') recorder.stop();
      release();
    };
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    recorder.onstop = () => {
      release();
      setRecording(null);
      const type = recorder.mimeType || 'audio/webm';
      latest.current(new Blob(chunks, { type }), type.includes('mp4') ? 'voice.m4a' : 'voice.webm');
    };
    recorder.start();
    setRecording({ seconds: 0, level, stop: () => recorder.stop() });
  }

  return { recording, start };
}
