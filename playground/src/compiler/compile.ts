/**
 * Compiles a demo file in the page with Babel: TypeScript types stripped, JSX compiled
 * for the chosen framework (Solid's own JSX compiler, `babel-preset-solid`; Preact's
 * automatic runtime), ES modules turned into CommonJS so `runtime/modules.ts` can link
 * them to the page's copies of the libraries.
 */
import { transform } from '@babel/core';
import presetTypescript from '@babel/preset-typescript';
import modulesCommonjs from '@babel/plugin-transform-modules-commonjs';
import reactJsx from '@babel/plugin-transform-react-jsx';
import presetSolid from 'babel-preset-solid';

export type Framework = 'solid' | 'preact' | 'vanilla';

/** A compile error with its place in the file (1-based line and column). */
export class CompileError extends Error {
  constructor(
    readonly file: string,
    message: string,
    readonly line: number | undefined,
    readonly column: number | undefined,
  ) {
    super(message);
    this.name = 'CompileError';
  }
}

/** Compiles one file; `jsx` chooses the JSX compiler. */
export function compile(code: string, file: string, jsx: Framework): string {
  try {
    const out = transform(code, {
      filename: `/${file}`,
      babelrc: false,
      configFile: false,
      sourceType: 'module',
      compact: false,
      // Lines of the output match the source, so a runtime error's line is the editor's.
      retainLines: true,
      presets: [
        [presetTypescript, { isTSX: true, allExtensions: true }],
        ...(jsx === 'solid' ? [[presetSolid, { generate: 'dom' }]] : []),
      ],
      plugins: [
        ...(jsx === 'solid' ? [] : [[reactJsx, { runtime: 'automatic', importSource: 'preact' }]]),
        modulesCommonjs,
      ],
    });
    return out?.code ?? '';
  } catch (error) {
    const e = error as { message?: string; loc?: { line: number; column: number } };
    // Babel prefixes the file name; the panel shows it already.
    const message = String(e.message ?? error).replace(`/${file}: `, '');
    throw new CompileError(file, message, e.loc?.line, e.loc === undefined ? undefined : e.loc.column + 1);
  }
}
