import { defineConfig } from '@lingui/cli';

// The guest-facing site speaks English (the source), Italian and French; the admin portal English
// and Italian (its own catalog, loaded with the admin tree). `npm run i18n:extract` updates them.
// The staff portal's code: its screens, and the shared parts only the portal shows (two-factor
// sign-in, the sidebar, tables, the delivery log, the CSV writer...). Globs, each file's or each
// folder's whole tree: a pattern such as `src/features/admin-*` alone names folders, not files.
const ADMIN_SCREENS = [
  '<rootDir>/src/features/admin-*/**',
  '<rootDir>/src/features/two-factor/**',
  '<rootDir>/src/app/routes/admin/**',
  '<rootDir>/src/app/AdminRoutes.tsx',
  '<rootDir>/src/components/delivery-log-table.tsx',
  '<rootDir>/src/components/translation-fields.tsx',
  '<rootDir>/src/components/ui/{dropdown-menu,empty-state,image-picker,list-skeleton,search-input,sidebar,switch,table,toaster}.tsx',
  '<rootDir>/src/lib/i18n/portal-*.{ts,tsx}',
  '<rootDir>/src/lib/{csv,format-date,translations-form,webhook-deliveries}.ts',
];
const ADMIN = ['**/node_modules/**', '**/*.test.*', ...ADMIN_SCREENS];
const BOOKING_FLOWS = [
  '<rootDir>/src/features/booking',
  '<rootDir>/src/features/guest-booking',
  '<rootDir>/src/features/guest-review',
  '<rootDir>/src/features/guest-check-in',
  '<rootDir>/src/lib/checkin',
  '<rootDir>/src/lib/refusals',
  '<rootDir>/src/features/guest-payment',
  '<rootDir>/src/features/auth',
  '<rootDir>/src/app/routes/AuthPage.tsx',
  '<rootDir>/src/app/routes/SetPasswordPage.tsx',
  '<rootDir>/src/app/routes/BookingSuccessPage.tsx',
  '<rootDir>/src/app/routes/BookingCancelledPage.tsx',
  '<rootDir>/src/app/routes/GuestBookingPage.tsx',
  '<rootDir>/src/app/routes/ReviewPage.tsx',
  '<rootDir>/src/features/privacy',
  '<rootDir>/src/app/routes/PrivacyPage.tsx',
];

// `npm run i18n:extract` runs Lingui twice: the guest-facing catalogs in English, Italian and
// French (I18N_EXTRACT=site), then the portal's in English and Italian only (I18N_EXTRACT=admin),
// since the portal offers no French: admin/fr.po is never written and stays empty, so Lingui's
// table reports no "missing" French the portal would never show. Without the variable (the Vite
// plugin compiling the catalogs) every catalog is known in every language; the portal's French
// catalog is empty and never loaded (PORTAL_LOCALES, src/lib/i18n/locales.ts).
const part = process.env.I18N_EXTRACT as 'site' | 'admin' | undefined;
const siteCatalogs = [
  {
    path: '<rootDir>/src/locales/{locale}',
    include: ['<rootDir>/src'],
    exclude: [...ADMIN, ...BOOKING_FLOWS.map((path) => (path.endsWith('.tsx') ? path : `${path}/**`))],
  },
  {
    path: '<rootDir>/src/locales/booking/{locale}',
    include: BOOKING_FLOWS,
    exclude: ADMIN,
  },
];
const adminCatalogs = [
  {
    path: '<rootDir>/src/locales/admin/{locale}',
    include: ADMIN_SCREENS,
    exclude: ['**/node_modules/**', '**/*.test.*'],
  },
];

export default defineConfig({
  sourceLocale: 'en',
  locales: part === 'admin' ? ['en', 'it'] : ['en', 'it', 'fr'],
  fallbackLocales: { default: 'en' },
  // Two parts (src/lib/i18n/messages.ts): the booking flows' messages load with their code.
  catalogs: part === 'site' ? siteCatalogs : part === 'admin' ? adminCatalogs : [...siteCatalogs, ...adminCatalogs],
  orderBy: 'messageId',
});
