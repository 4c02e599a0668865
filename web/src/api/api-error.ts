/** A failed call to the service, as the person should see it. No DOM here (unit tested). */
export class ApiError extends Error {
  constructor(
    message: string,
    /** HTTP status; 0 when no answer came (offline, network down). */
    readonly status: number,
    /** GraphQL `extensions.code` or capture `reason`, when there was one. */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** Worth sending again later: no answer, a conflict still in progress, rate limited, or the service unavailable. */
  get retryable(): boolean {
    return this.status === 0 || this.status === 401 || this.status === 409 || this.status === 429 || this.status >= 500;
  }
}

export function offline(): ApiError {
  return new ApiError('No connection to Tickler. It will be sent when the network is back.', 0);
}
