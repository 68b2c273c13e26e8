import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';

// `npx vite` proxies /api to the example server (node ../../server.mjs . 5180).
export default defineConfig({
  plugins: [preact()],
  server: { proxy: { '/api': 'http://127.0.0.1:5180' }, fs: { allow: ['..'] } },
});
