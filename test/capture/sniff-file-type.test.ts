import { describe, expect, it } from 'vitest';
import { acceptUploadType } from '../../src/capture/check-upload.js';
import { sniffFileType } from '../../src/capture/sniff-file-type.js';
import { fileOf, NOTE_PNG } from '../support/capture-uploads.js';

const bytes = (...values: number[]) => Buffer.from(values);
const latin1 = (text: string) => Buffer.from(text, 'latin1');

describe('sniffFileType', () => {
  it.each<[string, Buffer, string]>([
    ['PNG', NOTE_PNG, 'image/png'],
    ['JPEG', fileOf('jpeg'), 'image/jpeg'],
    ['WebP', fileOf('webp'), 'image/webp'],
    ['WAV', fileOf('wav'), 'audio/wav'],
    ['WebM', fileOf('webm'), 'audio/webm'],
    ['Ogg', fileOf('ogg'), 'audio/ogg'],
    ['MP3 with an ID3 tag', fileOf('mp3'), 'audio/mpeg'],
    ['MP3 frame (MPEG-1 layer III, 128 kbit/s)', bytes(0xff, 0xfb, 0x90, 0x64, 0, 0), 'audio/mpeg'],
    ['MPEG-2 layer III frame', bytes(0xff, 0xf3, 0x48, 0xc4, 0, 0), 'audio/mpeg'],
    ['M4A', fileOf('m4a'), 'audio/mp4'],
    ['MP4 (isom)', latin1('\x00\x00\x00\x18ftypisom\x00\x00\x02\x00'), 'audio/mp4'],
  ])('recognises %s', (_name, head, mimeType) => {
    expect(sniffFileType(head)?.mimeType).toBe(mimeType);
  });

  it.each<[string, Buffer]>([
    ['empty', Buffer.alloc(0)],
    ['text', fileOf('text')],
    ['GIF', latin1('GIF89a')],
    ['PDF', latin1('%PDF-1.7')],
    ['AAC ADTS (layer bits 00)', bytes(0xff, 0xf1, 0x50, 0x80, 0, 0)],
    ['a reserved MPEG version', bytes(0xff, 0xeb, 0x90, 0x64)],
    ['a bad MPEG bitrate', bytes(0xff, 0xfb, 0xf0, 0x64)],
    ['AVI (RIFF but not WAVE/WEBP)', latin1('RIFF\x00\x00\x00\x00AVI LIST')],
    ['HEIC (ISO media, image brand)', latin1('\x00\x00\x00\x18ftypheic\x00\x00\x00\x00')],
    ['Matroska that is not WebM', bytes(0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x88, ...latin1('matroska'))],
    ['a truncated PNG signature', bytes(0x89, 0x50, 0x4e, 0x47)],
    ['a ZIP', latin1('PK\x03\x04')],
  ])('refuses %s', (_name, head) => {
    expect(sniffFileType(head)).toBeNull();
  });
});

describe('acceptUploadType', () => {
  it('lets the bytes decide over a plausible or generic declared type', () => {
    expect(acceptUploadType('image', fileOf('jpeg'), 'image/png').mimeType).toBe('image/jpeg');
    expect(acceptUploadType('image', NOTE_PNG, 'application/octet-stream').mimeType).toBe('image/png');
    expect(acceptUploadType('image', NOTE_PNG, '').mimeType).toBe('image/png');
    expect(acceptUploadType('audio', fileOf('webm'), 'video/webm; codecs=opus').extension).toBe('webm');
  });

  it('refuses bytes of the other kind and a declared type of the other kind with 415', () => {
    expect(() => acceptUploadType('audio', NOTE_PNG, 'audio/webm')).toThrow(expect.objectContaining({ status: 415 }));
    expect(() => acceptUploadType('image', fileOf('wav'), 'image/png')).toThrow(expect.objectContaining({ status: 415 }));
    expect(() => acceptUploadType('image', NOTE_PNG, 'text/plain')).toThrow(expect.objectContaining({ status: 415 }));
    expect(() => acceptUploadType('audio', fileOf('ogg'), 'image/png')).toThrow(expect.objectContaining({ code: 'capture/unsupported_type' }));
  });
});
