import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { activateLocale } from '@/lib/i18n';

// Components render in English (the source language) unless a test activates another.
beforeAll(() => activateLocale('en'));
afterEach(() => cleanup());
