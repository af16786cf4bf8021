import { Trans } from '@lingui/react/macro';

/** First focusable element of public pages: jumps over the header to the main content. */
export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded-md bg-background px-4 py-2 font-medium shadow focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      onClick={(event) => {
        const main = document.getElementById('main');
        if (main) {
          event.preventDefault();
          main.focus();
          main.scrollIntoView();
        }
      }}
    >
      <Trans>Skip to main content</Trans>
    </a>
  );
}
