/**
 * Dev-only checks are written `if (DEV && …)`. A bundler replaces
 * `process.env.NODE_ENV` (so a production build turns them off); in Node the variable
 * is read; where no `process` exists at all (a browser without a bundler) the checks
 * stay on.
 */
declare const process: { env: { NODE_ENV?: string } };

/** @internal True outside production builds. */
export const DEV: boolean = /* @__PURE__ */ (() => {
  try {
    return process.env.NODE_ENV !== 'production';
  } catch {
    return true;
  }
})();
