/** Shared models for tests: a User ↔ Post cycle, a flat Todo, a Union of Article and Link. */
import { All, Collection, Entity, Union } from '../../src/index.js';

export class User extends Entity {
  id = '';
  name = '';
  isAdmin = false;
  posts: Post[] = [];
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
  override pk() {
    return this.id;
  }
  static override key = 'Post';
  static override schema = { author: User };
}
User.schema = { posts: [Post] };

export class Todo extends Entity {
  id = 0;
  userId = 0;
  title = '';
  completed = false;
  override pk() {
    return this.id;
  }
  static override key = 'Todo';
}

/** A todo with string ids, assigned to a user: for list operations. */
export class Task extends Entity {
  id = '';
  title = '';
  userId = '';
  override pk() {
    return this.id;
  }
  static override key = 'Task';
}

export const allUsers = new All(User);
export const postCollection = new Collection([Post], { nonFilterArgumentKeys: /orderBy/ });

/** `n` users u1..un; every tenth is an admin. */
export function makeUsers(n: number, name = 'user') {
  return Array.from({ length: n }, (_, i) => ({ id: `u${i + 1}`, name: `${name} ${i + 1}`, isAdmin: i % 10 === 0 }));
}

export class Article extends Entity {
  id = '';
  type = 'article';
  title = '';
  override pk() {
    return this.id;
  }
  static override key = 'Article';
}
export class Link extends Entity {
  id = '';
  type = 'link';
  url = '';
  override pk() {
    return this.id;
  }
  static override key = 'Link';
}
/** A feed item: an Article or a Link, by its `type` field. */
export const feedItem = new Union({ article: Article, link: Link }, 'type');
