/**
 * `new Union({ post: Post, link: Link }, 'type')`: a value that is one of several entity
 * types, chosen by a field (or a function of the value).
 */
import { own } from '../util/own.js';
import { SchemaError, at, describe } from './SchemaError.js';
import type { DenormalizeContext, EntityClass, EntityOf, NormalizeContext, SchemaClass } from './types.js';

/** Picks the member name from a raw value: a field name, or a function. */
export type UnionAttribute = string | ((value: any, parent?: unknown, key?: string) => string);

export class Union<M extends { readonly [name: string]: EntityClass } = { readonly [name: string]: EntityClass }>
  implements SchemaClass
{
  /** Member name → entity type. */
  declare readonly schema: M;
  readonly #attribute: UnionAttribute;
  constructor(schemas: M, schemaAttribute: UnionAttribute) {
    this.schema = schemas;
    this.#attribute = schemaAttribute;
  }
  #nameOf(value: Record<string, unknown>): string {
    const attr = this.#attribute;
    return String(typeof attr === 'function' ? attr(value) : value[attr]);
  }
  /** Schema protocol: stored as `{ id, schema }`. */
  normalize(value: unknown, ctx: NormalizeContext, path: string): unknown {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw new SchemaError(
        `${ctx.source}: expected a Union member object at ${at(path)}, got ${describe(value)}`,
        path,
      );
    }
    const name = this.#nameOf(value as Record<string, unknown>);
    const member = own(this.schema, name);
    if (member === undefined) {
      throw new SchemaError(
        `${ctx.source}: Union at ${at(path)} has no member "${name}"` +
          ((typeof process < 'u' ? process.env.NODE_ENV : 'production') !== 'production'
            ? ` (members: ${Object.keys(this.schema).join(', ')}); got ${describe(value)}`
            : ''),
        path,
      );
    }
    return { id: member.normalize(value, ctx, path), schema: name };
  }
  /** Schema protocol: the member entity, `undefined` when it is not cached. */
  denormalize(stored: unknown, ctx: DenormalizeContext): EntityOf<M[keyof M]> {
    if (typeof stored !== 'object' || stored === null) return undefined as EntityOf<M[keyof M]>;
    const { id, schema } = stored as { id: string; schema: string };
    const member = own(this.schema, schema);
    return (member === undefined ? undefined : ctx.entity(member, String(id))) as EntityOf<M[keyof M]>;
  }
  /** Schema protocol: read by `{ ...pk fields, [attribute]: name }`. */
  queryKey(args: readonly unknown[]): unknown {
    const first = args[0];
    if (typeof first !== 'object' || first === null) return undefined;
    const name = this.#nameOf(first as Record<string, unknown>);
    const member = own(this.schema, name);
    if (member === undefined) return undefined;
    const id = member.queryKey(args);
    return id === undefined ? undefined : { id, schema: name };
  }
}
