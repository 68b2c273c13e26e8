/**
 * Development mode: the suite's default. `NODE_ENV=production` (with `TEST_DIST=1`, the
 * built dist in production mode) runs the production forms: shorter messages, no freezing.
 */
export const dev = process.env.NODE_ENV !== 'production';
