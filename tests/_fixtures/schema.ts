/** Helpers for schema tests: endpoints that are never fetched, errors caught for inspection. */
import { Endpoint, SchemaError, type Schema } from '../../src/index.js';

/** An endpoint for `ctrl.setResponse`: it has a name and a schema, and is never fetched. */
export function endpoint(name: string, schema: Schema) {
  return new Endpoint(
    async (..._args: any[]): Promise<unknown> => {
      throw new Error(`${name} is not fetched in schema tests`);
    },
    { name, schema },
  );
}

/** Runs `fn`, which must throw a SchemaError, and returns it. */
export function schemaError(fn: () => unknown): SchemaError {
  try {
    fn();
  } catch (error) {
    if (error instanceof SchemaError) return error;
    throw new Error(`expected a SchemaError, got ${String(error)}`);
  }
  throw new Error('expected a SchemaError, nothing was thrown');
}
