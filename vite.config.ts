import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';
import { seoFiles } from './scripts/seo/vite-plugin';

export default defineConfig({
  plugins: [
    react(),
    // Lingui's macros (`t`, `<Trans>`, `plural`) become message lookups at build time; the plugin
    // compiles each language's `.po` catalog into its own chunk.
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    lingui(),
    seoFiles(),
  ],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      // constants shared with the edge functions (import-free; Deno imports them by relative path)
      '@shared': fileURLToPath(new URL('./supabase/functions/_shared', import.meta.url)),
    },
  },
  server: { host: '127.0.0.1', port: 8080 },
  preview: { host: '127.0.0.1', port: 4173 },
  build: {
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    manifest: true,
    rolldownOptions: {
      output: {
        // The libraries every public page runs in one chunk: left to itself the bundler cuts them
        // into many small shared chunks (lazy routes import them too), which compress worse.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              // (not Lingui's message hashing: only the portal's refusals use it, src/lib/i18n/portal-refusals.ts)
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/]query-core|@tanstack[\\/]react-query|@lingui(?![\\/]message-utils[\\/]dist[\\/]generateMessageId)|tailwind-merge|clsx)[\\/]/,
              priority: 10,
            },
            // The rest of what the entry imports, in one chunk: the lazy routes import parts of it
            // back, which cut it into some twenty chunks of a few hundred bytes each, every one a
            // request and a module record before the entry runs.
            { name: 'site', tags: ['$initial'], test: (id) => !/src[\\/]main\.tsx$/.test(id), priority: 9 },
          ],
        },
      },
    },
  },
});
