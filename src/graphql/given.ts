/**
 * GraphQL sends null for an explicit null and leaves absent arguments out; the services take undefined
 * as "not given". For optional fields where null and absent mean the same.
 */
export const given = <T>(value: T | null | undefined): T | undefined => (value === null ? undefined : value);
