// The demo files, provided by playground/build.mjs (every playground/demos/*.demo).
declare module 'demos:all' {
  const sources: Array<{ name: string; text: string }>;
  export default sources;
}
