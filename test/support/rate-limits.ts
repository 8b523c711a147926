/**
 * Rate limits far above what any suite or benchmark sends: every test client is 127.0.0.1, signs in
 * many times and reads as a visitor in bulk. Tests of the limits themselves set low ones.
 */
export const GENEROUS_RATE_LIMITS = {
  RATE_LIMIT_SIGN_IN: '1000000/1m',
  RATE_LIMIT_WRITES: '1000000/1m',
  RATE_LIMIT_UPLOADS: '1000000/1m',
  RATE_LIMIT_RESULTS: '1000000/1m',
  RATE_LIMIT_API_KEY: '1000000/1m',
  RATE_LIMIT_PUSH_TEST: '1000000/1m',
  RATE_LIMIT_ANONYMOUS_READS: '1000000/1m',
};
