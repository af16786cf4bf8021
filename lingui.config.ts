import { defineConfig } from '@lingui/cli';

// The guest-facing site speaks English (the source), Italian and French. The admin portal stays
// English: its strings are plain text, not messages. `npm run i18n:extract` updates the catalogs.
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'it', 'fr'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}',
      include: ['<rootDir>/src'],
      exclude: [
        '**/node_modules/**',
        '**/*.test.*',
        '<rootDir>/src/features/admin-*/**',
        '<rootDir>/src/app/routes/admin/**',
      ],
    },
  ],
  orderBy: 'messageId',
});
