/** Module specifiers a source file imports, for the layer tests. */
import { readFileSync } from 'node:fs';

/**
 * Every specifier in `import … from 'x'`, `export … from 'x'`, bare `import 'x'`, dynamic
 * `import('x')` and `import type … from 'x'`. Comments are removed first so an example in a
 * doc comment does not count.
 */
export function importsIn(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  const specs: string[] = [];
  for (const m of code.matchAll(/(?:^|[\n;])\s*(?:import|export)\b[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g))
    specs.push(m[1]);
  for (const m of code.matchAll(/(?:^|[\n;])\s*import\s*['"]([^'"]+)['"]/g)) specs.push(m[1]);
  for (const m of code.matchAll(/\bimport\s*\(\s*['"`]([^'"`]+)['"`]\s*\)/g)) specs.push(m[1]);
  return specs;
}

/** The specifiers a file imports. */
export function importsOf(file: string): string[] {
  return importsIn(readFileSync(file, 'utf8'));
}
