/**
 * The demos: one `playground/demos/NAME.demo` file each (adding a demo is adding a file;
 * the format is in ./demoFile.ts), in the order of the menu.
 */
import sources from 'demos:all';
import { parseDemo, type Demo } from './demoFile.js';

export type { Demo };

/** Groups in the order the menu shows them; others follow alphabetically. */
export const GROUPS = ['Query patterns', 'Transforms', 'Mutations', 'Errors', 'Performance'];
const rank = (group: string) => (GROUPS.includes(group) ? GROUPS.indexOf(group) : GROUPS.length);

export const demos: Demo[] = sources
  .map(({ name, text }) => parseDemo(name, text))
  .sort(
    (a, b) =>
      rank(a.group) - rank(b.group) ||
      a.group.localeCompare(b.group) ||
      a.order - b.order ||
      a.title.localeCompare(b.title),
  );

export const findDemo = (id: string | undefined): Demo => demos.find((d) => d.id === id) ?? demos[0]!;
