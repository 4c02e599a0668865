import { randomUUID } from 'node:crypto';

/** What a mail says and to whom: both parts, and what its headers are made of. */
export interface MailContent {
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  date: Date;
}

/** A mail's content and the headers every Tickler mail has. */
export interface MimeMessageInput extends MailContent {
  /** MAIL_FROM as configured: `address` or `Name <address>`. */
  from: string;
  /** Extra headers, ASCII values (Auto-Submitted, X-Tickler-Settings). */
  headers: Record<string, string>;
}

/** A header line's soft limit (RFC 5322 2.1.1), and the encoded lines' limit (RFC 2045 6.7). */
const LINE_MAX = 76;
/** Bytes of UTF-8 in one encoded-word: its base64 (60 characters) and `=?UTF-8?B??=` stay within 75. */
const WORD_BYTES = 45;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** The bare address of `Name <address>` or `address` (the SMTP envelope's sender). */
export function addressOf(mailbox: string): string {
  return (/<([^<>]*)>\s*$/.exec(mailbox)?.[1] ?? mailbox).trim();
}

/**
 * The whole RFC 5322 message, built in one go: a multipart/alternative of the plain-text and the HTML
 * part, each quoted-printable UTF-8, so it is 7-bit and needs no SMTP extension. nodemailer composed
 * the same through a chain of streams per mail, whose many small socket writes cost more CPU than the
 * rest of a delivery; one buffer goes out in one write.
 */
export function buildMimeMessage(input: MimeMessageInput): Buffer {
  for (const [name, value] of [['From', input.from], ['To', input.to], ['Subject', input.subject], ['Message-ID', input.messageId], ...Object.entries(input.headers)]) {
    if (/[\r\n]/.test(value!)) throw new Error(`the ${name} header holds a line break`);
  }
  const boundary = `=_tickler_${randomUUID().replace(/-/g, '')}`;
  const headers = [
    header('From', mailboxHeader(input.from)),
    header('To', input.to),
    header('Subject', encodeHeaderText(input.subject)),
    header('Date', rfc5322Date(input.date)),
    header('Message-ID', input.messageId),
    header('MIME-Version', '1.0'),
    ...Object.entries(input.headers).map(([name, value]) => header(name, value)),
    header('Content-Type', `multipart/alternative;\r\n boundary="${boundary}"`),
  ];
  const part = (type: string, body: string) =>
    `--${boundary}\r\nContent-Type: ${type}; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n${quotedPrintable(body)}\r\n`;
  return Buffer.from(`${headers.join('')}\r\n${part('text/plain', input.text)}${part('text/html', input.html)}--${boundary}--\r\n`, 'ascii');
}

function header(name: string, value: string): string {
  return `${name}: ${value}\r\n`;
}

/** `Name <address>` with the name quoted or encoded as needed; an address alone stays as it is. */
function mailboxHeader(mailbox: string): string {
  const match = /^(.*?)\s*<([^<>]*)>\s*$/.exec(mailbox);
  if (!match) return mailbox.trim();
  const name = match[1]!.trim().replace(/^"(.*)"$/, '$1');
  const address = match[2]!.trim();
  if (name === '') return `<${address}>`;
  if (/^[A-Za-z0-9!#$%&'*+/=?^_`{|}~ -]+$/.test(name) && !name.includes('=?')) return `${name} <${address}>`;
  if (PRINTABLE_ASCII.test(name) && !name.includes('=?')) return `"${name.replace(/["\\]/g, '\\$&')}" <${address}>`;
  return `${encodedWords(name).join(' ')} <${address}>`;
}

/**
 * Header text (RFC 5322 unstructured): printable ASCII folded at spaces; anything else as UTF-8
 * encoded-words (RFC 2047), several folded ones for a long text.
 */
export function encodeHeaderText(text: string): string {
  if (PRINTABLE_ASCII.test(text) && !text.includes('=?')) return foldAtSpaces(text);
  // The first shares its line with "Subject: ".
  return encodedWords(text, WORD_BYTES - 12).join('\r\n ');
}

function foldAtSpaces(text: string): string {
  const lines: string[] = [];
  let line: string | null = null;
  // "Subject: " takes part of the first line; a word longer than a line stays whole (under 998).
  let room = LINE_MAX - 10;
  for (const word of text.split(' ')) {
    if (line === null) line = word;
    else if (line.length + 1 + word.length > room) {
      lines.push(line);
      line = word;
      room = LINE_MAX - 1;
    } else line = `${line} ${word}`;
  }
  lines.push(line ?? '');
  return lines.join('\r\n ');
}

/** Encoded-words of at most WORD_BYTES bytes each, split between characters, never inside one. */
function encodedWords(text: string, firstBytes = WORD_BYTES): string[] {
  const words: string[] = [];
  let bytes: Buffer[] = [];
  let size = 0;
  const flush = () => {
    if (size > 0) words.push(`=?UTF-8?B?${Buffer.concat(bytes, size).toString('base64')}?=`);
    bytes = [];
    size = 0;
  };
  for (const character of text) {
    const encoded = Buffer.from(character, 'utf8');
    if (size + encoded.length > (words.length === 0 ? firstBytes : WORD_BYTES)) flush();
    bytes.push(encoded);
    size += encoded.length;
  }
  flush();
  return words.length > 0 ? words : ['""'];
}

/** `Tue, 03 Mar 2026 08:30:00 +0000` (RFC 5322 3.3), in UTC. */
function rfc5322Date(date: Date): string {
  return date.toUTCString().replace(/GMT$/, '+0000');
}

const HEX = '0123456789ABCDEF';
/** A line quoted-printable leaves as it is: printable ASCII without `=`, not ending in a space. */
const PLAIN_LINE = /^(?:[\x20-\x3c\x3e-\x7e]*[\x21-\x3c\x3e-\x7e])?$/;

/**
 * Quoted-printable (RFC 2045 6.7) of text as UTF-8: each line break becomes CRLF; `=`, control
 * characters, bytes above 126, and a space or tab that would end a line are written `=XX`; lines are
 * broken with a soft `=` before they pass 76 characters.
 */
export function quotedPrintable(text: string): string {
  const out: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (line.length <= LINE_MAX && PLAIN_LINE.test(line)) {
      out.push(line);
      continue;
    }
    const bytes = Buffer.from(line, 'utf8');
    let current = '';
    for (let i = 0; i < bytes.length; i += 1) {
      const byte = bytes[i]!;
      const last = i === bytes.length - 1;
      const literal = (byte >= 33 && byte <= 126 && byte !== 61) || ((byte === 32 || byte === 9) && !last);
      const token = literal ? String.fromCharCode(byte) : `=${HEX[byte >> 4]}${HEX[byte & 15]}`;
      // The soft break's `=` takes a place too: a line holds at most 75 characters before it.
      if (current.length + token.length > LINE_MAX - 1) {
        out.push(`${current}=`);
        current = '';
      }
      current += token;
    }
    out.push(current);
  }
  return out.join('\r\n');
}
