import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { activateLocale, loadBookingMessages } from '@/lib/i18n';

// Components render in English (the source language) unless a test activates another.
beforeAll(async () => {
  await activateLocale('en');
  await loadBookingMessages();
});
afterEach(() => cleanup());
