// Draws the web app's icons (web/public/icons/*.png): a white tick on the theme colour. Run it after
// changing the design: `node --import tsx scripts/web-icons.ts`. The PNGs are committed (sources, not
// build output), so no image tool is needed to build the app.
import { mkdirSync, writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const BACKGROUND = [0x1f, 0x5f, 0x8b];
const TICK = [0xff, 0xff, 0xff];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function png(size: number, pixel: (x: number, y: number) => number[]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows = Buffer.alloc(size * (size * 3 + 1));
  for (let y = 0; y < size; y++) {
    const row = y * (size * 3 + 1);
    for (let x = 0; x < size; x++) rows.set(pixel(x, y), row + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function distanceToSegment(px: number, py: number, [ax, ay, bx, by]: number[]): number {
  const dx = bx! - ax!;
  const dy = by! - ay!;
  const t = Math.max(0, Math.min(1, ((px - ax!) * dx + (py - ay!) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax! + t * dx), py - (ay! + t * dy));
}

/** A tick in the unit square, scaled by `scale` around the centre (maskable icons keep to the safe zone). */
function icon(size: number, scale: number): Buffer {
  const segments = [
    [0.28, 0.52, 0.43, 0.67],
    [0.43, 0.67, 0.74, 0.34],
  ];
  const width = 0.075 * scale;
  return png(size, (x, y) => {
    const u = 0.5 + ((x + 0.5) / size - 0.5) / scale;
    const v = 0.5 + ((y + 0.5) / size - 0.5) / scale;
    const d = Math.min(...segments.map((segment) => distanceToSegment(u, v, segment))) * scale;
    const cover = Math.max(0, Math.min(1, (width - d) * size + 0.5));
    return BACKGROUND.map((channel, i) => Math.round(channel + (TICK[i]! - channel) * cover));
  });
}

const directory = new URL('../web/public/icons/', import.meta.url);
mkdirSync(directory, { recursive: true });
writeFileSync(new URL('icon-192.png', directory), icon(192, 1));
writeFileSync(new URL('icon-512.png', directory), icon(512, 1));
writeFileSync(new URL('icon-maskable-512.png', directory), icon(512, 0.7));
