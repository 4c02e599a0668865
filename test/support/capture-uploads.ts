import { readFileSync } from 'node:fs';
import path from 'node:path';

export const NOTE_PNG = readFileSync(path.join(import.meta.dirname, '../fixtures/capture/note.png'));
/** "Müll rausbringen übermorgen" (German; English data reads "Gbermorgen"). */
export const GERMAN_NOTE_PNG = readFileSync(path.join(import.meta.dirname, '../fixtures/capture/notiz-de.png'));

/** The first bytes of a file of each format, then `size` bytes in all (the rest zeros). */
export function fileOf(format: 'png' | 'jpeg' | 'webp' | 'wav' | 'webm' | 'ogg' | 'mp3' | 'm4a' | 'text', size = 256): Buffer {
  const heads: Record<typeof format, Buffer> = {
    png: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    jpeg: Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
    webp: Buffer.from('RIFF\x00\x00\x00\x00WEBPVP8 ', 'latin1'),
    wav: Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt ', 'latin1'),
    webm: Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84]), Buffer.from('webm')]),
    ogg: Buffer.from('OggS\x00\x02', 'latin1'),
    mp3: Buffer.from('ID3\x04\x00\x00', 'latin1'),
    m4a: Buffer.from('\x00\x00\x00\x20ftypM4A \x00\x00\x00\x00', 'latin1'),
    text: Buffer.from('just some text, not a picture\n'),
  };
  const file = Buffer.alloc(Math.max(size, heads[format].length));
  heads[format].copy(file);
  if (format === 'text') file.fill('x', heads[format].length);
  return file;
}

export interface FormPart {
  name: string;
  value: string | Buffer;
  filename?: string;
  type?: string;
}

/** A multipart/form-data body built by hand, for requests a FormData could not express. */
export function multipartBody(parts: FormPart[], boundary = 'tickler-test-boundary'): { body: Buffer; contentType: string } {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const filename = part.filename === undefined ? '' : `; filename="${part.filename}"`;
    const type = part.type === undefined ? '' : `\r\nContent-Type: ${part.type}`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${filename}${type}\r\n\r\n`));
    chunks.push(typeof part.value === 'string' ? Buffer.from(part.value) : part.value);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A form with one file (and optional fields), as a browser or mobile client would send it. */
export function formWith(field: string, bytes: Buffer, options: { type?: string; filename?: string; fields?: Record<string, string> } = {}): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(options.fields ?? {})) form.append(name, value);
  form.append(field, new Blob([new Uint8Array(bytes)], { type: options.type ?? '' }), options.filename ?? field);
  return form;
}

/** A request body streamed in chunks with no Content-Length, so only the server's own counting can stop it. */
export function streamedBody(body: Buffer, chunkSize = 1024 * 1024): RequestInit {
  let offset = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= body.length) {
        controller.close();
        return;
      }
      controller.enqueue(body.subarray(offset, offset + chunkSize));
      offset += chunkSize;
    },
  });
  return { body: stream, duplex: 'half' } as RequestInit;
}
