/** Models of the consumer check, written as an app would: no annotation beyond field defaults (`override` where they replace Entity's default `pk()`, as noImplicitOverride asks). */
import { Entity } from 'signal-cache';

export class User extends Entity {
  id = '';
  name = '';
  isAdmin = false;
  override pk() {
    return this.id;
  }
  static override key = 'User';
}

export class Post extends Entity {
  id = '';
  title = '';
  group = '';
  author: User | undefined = undefined;
  createdAt = new Date(0);
  override pk() {
    return this.id;
  }
  static override key = 'Post';
  static override schema = { author: User, createdAt: (iso: string) => new Date(iso) };
}

export class Link extends Entity {
  id = '';
  url = '';
  type = 'link' as const;
  override pk() {
    return this.id;
  }
  static override key = 'Link';
}
