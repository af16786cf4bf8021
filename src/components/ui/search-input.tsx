import { useLingui } from '@lingui/react/macro';
import { Search, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { cn } from '@/lib/utils';
import { Input } from './input';

/**
 * A search box that reports its text after the user pauses typing (`delay` ms), so each
 * keystroke does not start a request. Escape or the clear button empties it at once.
 */
export function SearchInput({
  value,
  onSearch,
  placeholder,
  label,
  id,
  delay = 300,
  className,
}: {
  value: string;
  onSearch: (value: string) => void;
  placeholder: string;
  label: string;
  /** for a visible <label htmlFor> next to the box */
  id?: string;
  delay?: number;
  className?: string;
}) {
  const { t } = useLingui();
  const [text, setText] = useState(value);
  const [synced, setSynced] = useState(value);
  const onSearchRef = useRef(onSearch);
  useEffect(() => {
    onSearchRef.current = onSearch;
  });

  // follow outside changes (e.g. back/forward restoring the URL's query)
  if (value !== synced) {
    setSynced(value);
    setText(value);
  }

  useEffect(() => {
    if (text === value) return;
    const timer = window.setTimeout(() => onSearchRef.current(text), delay);
    return () => window.clearTimeout(timer);
  }, [text, value, delay]);

  function clear() {
    setText('');
    if (value !== '') onSearch('');
  }

  return (
    <div className={cn('relative h-fit', className)}>
      <Search
        className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input
        type="search"
        id={id}
        aria-label={label}
        placeholder={placeholder}
        value={text}
        className="pl-9 pr-9 [&::-webkit-search-cancel-button]:hidden"
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && text) {
            event.preventDefault();
            clear();
          }
        }}
      />
      {text && (
        <button
          type="button"
          onClick={clear}
          className="absolute right-2 top-1/2 -translate-y-1/2 rounded-sm p-1 text-muted-foreground hover:text-foreground"
          aria-label={t`Clear search`}
        >
          <X className="h-4 w-4" aria-hidden="true" />
        </button>
      )}
    </div>
  );
}
