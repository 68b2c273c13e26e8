// A POSIX subset of node:path, enough for @babel/core in the page (it only names the
// virtual file being compiled; nothing is read from disk).
const normalizeParts = (parts, absolute) => {
  const out = [];
  for (const part of parts) {
    if (!part || part === '.') continue;
    if (part === '..') {
      if (out.length && out[out.length - 1] !== '..') out.pop();
      else if (!absolute) out.push('..');
    } else out.push(part);
  }
  return out;
};
export const sep = '/';
export const delimiter = ':';
export const isAbsolute = (p) => p.startsWith('/');
export const normalize = (p) => {
  const abs = isAbsolute(p);
  const joined = normalizeParts(p.split('/'), abs).join('/');
  return (abs ? '/' : '') + (joined || (abs ? '' : '.'));
};
export const join = (...parts) => normalize(parts.filter(Boolean).join('/'));
export const resolve = (...parts) => {
  let out = '';
  for (let i = parts.length - 1; i >= 0 && !isAbsolute(out); i--) out = parts[i] ? `${parts[i]}/${out}` : out;
  return normalize(isAbsolute(out) ? out : `/${out}`).replace(/(.)\/$/, '$1');
};
export const dirname = (p) => {
  const i = p.replace(/\/+$/, '').lastIndexOf('/');
  return i < 0 ? '.' : i === 0 ? '/' : p.slice(0, i);
};
export const basename = (p, ext) => {
  const base = p.replace(/\/+$/, '').split('/').pop() ?? '';
  return ext && base.endsWith(ext) && base !== ext ? base.slice(0, -ext.length) : base;
};
export const extname = (p) => {
  const base = basename(p);
  const i = base.lastIndexOf('.');
  return i <= 0 ? '' : base.slice(i);
};
export const relative = (from, to) => {
  const a = resolve(from).split('/').filter(Boolean);
  const b = resolve(to).split('/').filter(Boolean);
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return [...a.slice(i).map(() => '..'), ...b.slice(i)].join('/');
};
export const parse = (p) => {
  const base = basename(p);
  const ext = extname(p);
  return { root: isAbsolute(p) ? '/' : '', dir: dirname(p), base, ext, name: ext ? base.slice(0, -ext.length) : base };
};
export const toNamespacedPath = (p) => p;
export const posix = {
  sep,
  delimiter,
  isAbsolute,
  normalize,
  join,
  resolve,
  dirname,
  basename,
  extname,
  relative,
  parse,
  toNamespacedPath,
};
export default posix;
