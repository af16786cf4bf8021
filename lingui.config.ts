import { defineConfig } from '@lingui/cli';

// The guest-facing site speaks English (the source), Italian and French; the admin portal English
// and Italian (its own catalog, loaded with the admin tree). `npm run i18n:extract` updates them.
const ADMIN = [
  '**/node_modules/**',
  '**/*.test.*',
  '<rootDir>/src/features/admin-*/**',
  '<rootDir>/src/app/routes/admin/**',
  '<rootDir>/src/app/AdminRoutes.tsx',
];
const ADMIN_SCREENS = [
  '<rootDir>/src/features/admin-*/**',
  '<rootDir>/src/app/routes/admin/**',
  '<rootDir>/src/app/AdminRoutes.tsx',
];
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

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'it', 'fr'],
  fallbackLocales: { default: 'en' },
  // Two parts (src/lib/i18n/messages.ts): the booking flows' messages load with their code.
  catalogs: [
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
    {
      path: '<rootDir>/src/locales/admin/{locale}',
      include: ADMIN_SCREENS,
      exclude: ['**/node_modules/**', '**/*.test.*'],
    },
  ],
  orderBy: 'messageId',
});
