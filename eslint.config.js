import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Imports flow one way: components/ui and lib ← features ← app. A feature never imports another
// feature; what two features share moves down to src/lib or src/components.
const features = readdirSync(new URL('./src/features', import.meta.url));
const farRelative = { group: ['../../*'], message: 'Use the @/ alias for anything outside this folder.' };
const intoApp = { group: ['@/app', '@/app/*'], message: 'Only the app imports from src/app.' };
const directToasts = { group: ['sonner'], message: 'Toasts go through @/lib/toast (one style for the whole product).' };
const importBoundaries = [
  {
    files: ['src/lib/**/*.{ts,tsx}', 'src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@/features', '@/features/*'], message: 'lib and components sit below the features.' },
            intoApp,
            farRelative,
          ],
        },
      ],
    },
  },
  ...features.map((feature) => ({
    files: [`src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/*', `!@/features/${feature}`],
              message: 'A feature does not import another feature: move what both need to src/lib or src/components.',
            },
            intoApp,
            directToasts,
            farRelative,
          ],
        },
      ],
    },
  })),
  {
    files: ['src/app/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [directToasts, farRelative] }] },
  },
];

export default tseslint.config(
  { ignores: ['dist', '.local', 'node_modules', 'src/types/database.ts', 'playwright-report', 'test-results'] },
  {
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    files: ['**/*.{ts,tsx}'],
    languageOptions: { ecmaVersion: 2022, globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  ...importBoundaries,
  {
    // Row types come from src/types/database.ts; a double cast hides a mismatch with the schema.
    // (Tests may cast hostile input past the types on purpose.)
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "TSAsExpression > TSAsExpression[typeAnnotation.type='TSUnknownKeyword']",
          message: 'Derive the type from src/types/database.ts instead of casting through unknown.',
        },
      ],
    },
  },
  {
    // Playwright fixtures take `use` and `{}` by design; they are not React hooks.
    files: ['tests/e2e/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off', 'no-empty-pattern': 'off' },
  },
  {
    files: ['supabase/functions/**/*.ts'],
    languageOptions: { globals: { Deno: 'readonly' } },
  },
);
