/** Models for live-query tests: people in teams, and tasks with a nested author. */
import { Entity } from '../../src/index.js';

export class Person extends Entity {
  id = '';
  name = '';
  team = '';
  isAdmin = false;
  score = 0;
  override pk() {
    return this.id;
  }
  static override key = 'Person';
}

export class Task extends Entity {
  id = '';
  createdAt = 0;
  points = 0;
  status = 'open';
  author: Person | undefined = undefined;
  override pk() {
    return this.id;
  }
  static override key = 'Task';
  static override schema = { author: Person };
}

/** `n` people p0…; every tenth is an admin; teams t0, t1, t2 in turn; score = index. */
export const people = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    id: `m${i}`,
    name: `m ${i}`,
    team: `t${i % 3}`,
    isAdmin: i % 10 === 0,
    score: i,
  }));

/** `n` tasks k0…, authored in turn by the first `authors` people. */
export const tasks = (n: number, authors: number) =>
  Array.from({ length: n }, (_, i) => ({ id: `k${i}`, createdAt: i, points: i % 7, author: `m${i % authors}` }));
