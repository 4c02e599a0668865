export const INT64_MAX = 9223372036854775807n;

/**
 * A row id as clients send it (GraphQL `ID`, REST path): the decimal digits of a positive int64, or
 * undefined for anything else (leading zeros, signs, out of range).
 */
export function parseInt64Id(raw: string): bigint | undefined {
  if (!/^[1-9]\d{0,18}$/.test(raw)) return undefined;
  const id = BigInt(raw);
  return id <= INT64_MAX ? id : undefined;
}
