/**
 * @internal A development build, for checks on hot paths: read once at load (a read of
 * `process.env` costs about 0.1 µs in Node); bundlers fold it. Checks on error paths keep
 * the guard inline (see tests/devOnly.test.ts).
 */
export const DEV = (typeof process < 'u' ? process.env.NODE_ENV : 'production') !== 'production';
