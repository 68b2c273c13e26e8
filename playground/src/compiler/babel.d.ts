// The few Babel entry points the page compiler uses (the packages ship no types).
declare module '@babel/core' {
  export function transform(code: string, options: Record<string, unknown>): { code?: string | null } | null;
}
declare module '@babel/preset-typescript' {
  const preset: unknown;
  export default preset;
}
declare module '@babel/plugin-transform-modules-commonjs' {
  const plugin: unknown;
  export default plugin;
}
declare module '@babel/plugin-transform-react-jsx' {
  const plugin: unknown;
  export default plugin;
}
declare module 'babel-preset-solid' {
  const preset: unknown;
  export default preset;
}
