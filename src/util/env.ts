/**
 * Dev-only checks are written `if (DEV && …)`. The user's bundler replaces
 * `process.env.NODE_ENV`; where no `process` exists the checks stay on.
 */
declare const process: { env: { NODE_ENV?: string } } | undefined;

/** @internal True outside production builds. */
export const DEV: boolean =
  typeof process === 'undefined' || process.env.NODE_ENV !== 'production';
