import { build } from 'esbuild';
const r = await build({ stdin: { contents: "export { Controller, Entity, RestEndpoint, Query, All, Collection, effect } from './dist/index.js'", resolveDir: process.cwd(), loader: 'js' }, bundle: true, minifySyntax: true, minifyWhitespace: false, format: 'esm', target: 'es2022', platform: 'browser', define: { 'process.env.NODE_ENV': '"production"' }, write: false, legalComments: 'none', logLevel: 'error' });
process.stdout.write(r.outputFiles[0].text);
