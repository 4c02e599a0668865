import type { UploadKind } from './capture-limits.js';

export interface SniffedType {
  kind: UploadKind;
  /** The canonical type, e.g. "audio/webm"; sent on to the AI provider. */
  mimeType: string;
  /** What the transcription endpoint reads the format from (it goes by the file name). */
  extension: string;
}

/** How many leading bytes sniffing looks at; fewer is fine when the file is shorter. */
export const SNIFF_BYTES = 64;

// ISO base media brands of audio/video MP4 and M4A. HEIC/AVIF images share the container, not the brands.
const MP4_BRANDS = new Set(['isom', 'iso2', 'iso3', 'iso4', 'iso5', 'iso6', 'mp41', 'mp42', 'M4A ', 'M4B ', 'dash', 'avc1', 'MSNV']);

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return Buffer.from(bytes.subarray(start, end)).toString('latin1');
}

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  return bytes.length >= signature.length && signature.every((byte, i) => bytes[i] === byte);
}

// An MPEG audio frame header without an ID3 tag: 11 sync bits, then no reserved version, layer,
// bitrate or sample rate. (JPEG's FF D8 and AAC's layer 00 do not pass.)
function isMpegFrame(bytes: Uint8Array): boolean {
  if (bytes.length < 4 || bytes[0] !== 0xff) return false;
  const b1 = bytes[1]!;
  const b2 = bytes[2]!;
  return (b1 & 0xe0) === 0xe0 && ((b1 >> 3) & 3) !== 1 && ((b1 >> 1) & 3) !== 0 && b2 >> 4 !== 15 && ((b2 >> 2) & 3) !== 3;
}

/** The file's real type from its first bytes, or null when it is none of the accepted formats. */
export function sniffFileType(head: Uint8Array): SniffedType | null {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return { kind: 'image', mimeType: 'image/png', extension: 'png' };
  }
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { kind: 'image', mimeType: 'image/jpeg', extension: 'jpg' };
  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF') {
    const form = ascii(head, 8, 12);
    if (form === 'WEBP') return { kind: 'image', mimeType: 'image/webp', extension: 'webp' };
    if (form === 'WAVE') return { kind: 'audio', mimeType: 'audio/wav', extension: 'wav' };
    return null;
  }
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) {
    // EBML: WebM says so in its DocType near the start; other Matroska files are not accepted.
    return ascii(head, 4, SNIFF_BYTES).includes('webm') ? { kind: 'audio', mimeType: 'audio/webm', extension: 'webm' } : null;
  }
  if (ascii(head, 0, 4) === 'OggS') return { kind: 'audio', mimeType: 'audio/ogg', extension: 'ogg' };
  if (head.length >= 12 && ascii(head, 4, 8) === 'ftyp') {
    return MP4_BRANDS.has(ascii(head, 8, 12)) ? { kind: 'audio', mimeType: 'audio/mp4', extension: 'm4a' } : null;
  }
  if (ascii(head, 0, 3) === 'ID3' || isMpegFrame(head)) return { kind: 'audio', mimeType: 'audio/mpeg', extension: 'mp3' };
  return null;
}
