import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { addressOf, buildMimeMessage, quotedPrintable, type MimeMessageInput } from '../../src/email/mime-message.js';

const base: MimeMessageInput = {
  from: 'Tickler <tickler@tickler.example>',
  to: 'someone@example.com',
  subject: 'Reminder: Buy milk',
  text: 'Buy milk\nDue today',
  html: '<p>Buy milk</p>',
  messageId: '<0b8f6a7e-1f0e-4a57-9d43-2f4c8d1e6a55@tickler.example>',
  date: new Date('2026-03-03T08:30:00.000Z'),
  headers: { 'Auto-Submitted': 'auto-generated', 'X-Tickler-Settings': 'https://tickler.example/settings' },
};

describe('a mail built in one buffer, read back by mailparser', () => {
  it('carries the headers, both parts and the Message-ID as given', async () => {
    const parsed = await simpleParser(buildMimeMessage(base));
    expect(parsed.from?.value).toEqual([{ name: 'Tickler', address: 'tickler@tickler.example' }]);
    expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.value[0]?.address : null).toBe('someone@example.com');
    expect(parsed.subject).toBe('Reminder: Buy milk');
    expect(parsed.date?.toISOString()).toBe('2026-03-03T08:30:00.000Z');
    expect(parsed.messageId).toBe(base.messageId);
    expect(parsed.headers.get('auto-submitted')).toBe('auto-generated');
    expect(parsed.headers.get('x-tickler-settings')).toBe('https://tickler.example/settings');
    expect(parsed.text).toBe('Buy milk\nDue today');
    expect(parsed.html).toBe('<p>Buy milk</p>');
  });

  it('keeps any text intact: non-ASCII, "=", long lines, trailing spaces, long and encoded-looking subjects', async () => {
    const title = `Zahnarzt 🦷 um 9 — “Überweisung” = ${'sehr lang '.repeat(15)}`.trim();
    const text = `${title}\nA line that ends in spaces   \n${'x='.repeat(120)}\n\tTab\n.leading dot\n\nÄ${'ü'.repeat(60)}`;
    const html = `<h1>${'<b>café</b> '.repeat(30)}</h1>\n<p>a=b</p>`;
    for (const subject of [`Reminder: ${title}`, `Reminder: ${'plain words '.repeat(14)}end`, 'Reminder: =?UTF-8?B?not encoded?=']) {
      const message = buildMimeMessage({ ...base, from: 'Tickler, Inc. "Reminders" <t@tickler.example>', subject, text, html });
      // 7-bit, and no line longer than 78 characters (RFC 5322's soft limit; quoted-printable's 76).
      expect(message.every((byte) => byte < 128)).toBe(true);
      for (const line of message.toString('ascii').split('\r\n')) expect(line.length).toBeLessThanOrEqual(78);
      const parsed = await simpleParser(message);
      expect(parsed.subject).toBe(subject);
      expect(parsed.from?.value).toEqual([{ name: 'Tickler, Inc. "Reminders"', address: 't@tickler.example' }]);
      expect(parsed.text).toBe(text);
      expect(parsed.html).toBe(html);
    }
  });

  it('encodes a display name that is not ASCII', async () => {
    const parsed = await simpleParser(buildMimeMessage({ ...base, from: 'Tickler Ärzte <t@tickler.example>' }));
    expect(parsed.from?.value).toEqual([{ name: 'Tickler Ärzte', address: 't@tickler.example' }]);
    expect(addressOf('Tickler Ärzte <t@tickler.example>')).toBe('t@tickler.example');
    expect(addressOf('t@tickler.example')).toBe('t@tickler.example');
  });

  it('refuses a header value with a line break (no header injection)', () => {
    expect(() => buildMimeMessage({ ...base, to: 'a@example.com\r\nBcc: b@example.com' })).toThrow(/line break/);
  });

  it('writes quoted-printable as RFC 2045 says: =XX for "=", 8-bit bytes and a space ending a line, soft breaks within 76', () => {
    expect(quotedPrintable('a=b é \nx')).toBe('a=3Db =C3=A9=20\r\nx');
    const long = quotedPrintable('y'.repeat(200));
    expect(long.split('\r\n').map((line) => line.length)).toEqual([76, 76, 50]);
    expect(long.replace(/=\r\n/g, '')).toBe('y'.repeat(200));
  });
});
