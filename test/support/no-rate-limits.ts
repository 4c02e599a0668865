/**
 * Rate limits are off unless a test sets them: a test is one client making requests far faster than
 * any phone, and only the rate limit tests are about budgets.
 */
export const NO_RATE_LIMITS = { RATE_LIMIT_USER: '0', RATE_LIMIT_ADDRESS: '0', RATE_LIMIT_CAPTURE: '0' };
