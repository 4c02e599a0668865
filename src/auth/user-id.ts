/** A token subject we accept as a user id: 1–255 characters, no control characters. */
export function isAcceptableUserId(sub: unknown): sub is string {
  // eslint-disable-next-line no-control-regex
  return typeof sub === 'string' && sub.length > 0 && sub.length <= 255 && !/[\u0000-\u001f\u007f]/.test(sub);
}
