/** User name and password of an `Authorization: Basic …` header (RFC 7617), or null when it is not one. */
export function parseBasicCredentials(header: string | undefined): { userId: string; password: string } | null {
  const match = header === undefined ? null : /^Basic +([A-Za-z0-9+/]+=*) *$/i.exec(header);
  if (!match) return null;
  let decoded: string;
  try {
    decoded = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(match[1]!, 'base64'));
  } catch {
    return null;
  }
  // The user id is everything before the first colon (so a user id cannot contain one; the password may).
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  return { userId: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}
