import type { ReactNode } from 'react';

/**
 * A wide table's frame: it scrolls sideways inside the card and never widens the page. `relative`
 * keeps the table's visually hidden texts (positioned absolutely) inside the frame as well; the
 * frame can be scrolled with the keyboard and is named for screen readers.
 */
export function TableFrame({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="relative overflow-x-auto" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
