/**
 * `new Union({ post: Post, link: Link }, 'type')`: a value that is one of several entity
 * types, chosen by a field (or a function of the value, its parent and key).
 */
import { SchemaError } from './SchemaError.js';
import { Polymorphic, type UnionAttribute, memberName } from './polymorphic.js';
import type { DenormalizeContext, EntityClass, EntityOf } from './types.js';

export type { UnionAttribute } from './polymorphic.js';

export class Union<
  M extends { readonly [name: string]: EntityClass } = { readonly [name: string]: EntityClass },
> extends Polymorphic<M> {
  constructor(schemas: M, schemaAttribute: UnionAttribute) {
    if (!schemaAttribute) throw new SchemaError('Union: a schemaAttribute (a field name or a function) is required');
    super(schemas, schemaAttribute);
  }
  /** Schema protocol: the member entity, `undefined` when it is not cached. */
  override denormalize(stored: unknown, ctx: DenormalizeContext): EntityOf<M[keyof M]> {
    return super.denormalize(stored, ctx) as EntityOf<M[keyof M]>;
  }
  /**
   * Schema protocol: read by `{ ...pk fields, [attribute]: name }`; without the attribute
   * (or with a name of no member), the first member that has a cached row of that pk.
   */
  queryKey(args: readonly unknown[], ctx: DenormalizeContext): unknown {
    const first = args[0];
    if (first == null) return undefined;
    const name = typeof first === 'object' ? memberName(this._attribute, first) : undefined;
    const members = this.schema;
    if (typeof name === 'string' && Object.hasOwn(members, name)) {
      const id = members[name]!.queryKey(args);
      return id === undefined ? undefined : { id, schema: name };
    }
    for (const member in members) {
      const id = members[member]!.queryKey(args);
      if (id !== undefined && ctx.entity(members[member]!, String(id)) !== undefined) return { id, schema: member };
    }
    return undefined;
  }
}
