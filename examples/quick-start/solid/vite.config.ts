import { defineConfig } from 'vite';
import solid from 'vite-plugin-solid';

// `npx vite` proxies /api to the example server (node ../../server.mjs . 5180).
export default defineConfig({
  plugins: [solid()],
  server: { proxy: { '/api': 'http://127.0.0.1:5180' }, fs: { allow: ['..'] } },
});
