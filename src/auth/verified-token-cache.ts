interface Entry<T> {
  token: T;
  /** Epoch seconds from which the token (with clock tolerance) is no longer valid. */
  validUntil: number;
  /** Epoch seconds before which it is not yet valid (nbf/iat with tolerance). */
  validFrom: number;
}

/**
 * Remembers tokens whose signature and claims were already checked, so a client reusing its token
 * does not pay for a signature verification per request. Only the time window is checked again on a
 * hit. Bounded: when full, the oldest entries go first. Generic over what a verified token yields, so
 * the cache knows nothing of the verifier that fills it.
 */
export class VerifiedTokenCache<T> {
  readonly #entries = new Map<string, Entry<T>>();
  readonly #capacity: number;

  constructor(capacity = 10_000) {
    this.#capacity = capacity;
  }

  get(raw: string, nowSeconds: number): T | undefined {
    const entry = this.#entries.get(raw);
    if (!entry) return undefined;
    if (nowSeconds >= entry.validUntil || nowSeconds < entry.validFrom) {
      this.#entries.delete(raw);
      return undefined;
    }
    return entry.token;
  }

  set(raw: string, token: T, validFrom: number, validUntil: number): void {
    if (this.#entries.size >= this.#capacity) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(raw, { token, validFrom, validUntil });
  }
}
