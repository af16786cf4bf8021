import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { activateLocale, localeOfPath } from '@/lib/i18n';
import { App } from './app/App';
import './index.css';

// The page's catalog first, so it renders in its language from the first frame. Not a top-level
// await: that would make the bundler split the entry (lazy routes import back into it).
void activateLocale(localeOfPath(window.location.pathname)).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
