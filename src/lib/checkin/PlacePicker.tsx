import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import type { Place } from './guests';

export type PlaceKind = 'comune' | 'stato' | 'place';
export type SearchPlaces = (kind: PlaceKind, query: string) => Promise<Place[]>;

/** "ROMA (RM)", "FRANCIA", an ended comune with its end year. */
export function placeLabel(place: Place): string {
  const name = place.name ?? place.code;
  const province = place.province ? ` (${place.province})` : '';
  const ended = place.ended_on ? ` – ${place.ended_on.slice(0, 4)}` : '';
  return `${name}${province}${ended}`;
}

/**
 * A comune or a state, picked by typing part of its name (the portal's tables, searched on the
 * server): a combobox with a list box under it; arrows and Enter pick, Escape closes.
 */
export function PlacePicker({
  id,
  kind,
  value,
  onChange,
  search,
  invalid,
  describedBy,
  queryKey,
}: {
  id: string;
  kind: PlaceKind;
  value: Place | null;
  onChange: (place: Place | null) => void;
  search: SearchPlaces;
  invalid?: boolean;
  describedBy?: string;
  /** the caller's key prefix for the search results */
  queryKey: readonly unknown[];
}) {
  const { t } = useLingui();
  const listId = useId();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);

  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), 250);
    return () => clearTimeout(timer);
  }, [text]);

  const results = useQuery({
    queryKey: [...queryKey, 'places', kind, query.toLowerCase()],
    queryFn: () => search(kind, query),
    enabled: open && query.length >= 2,
    staleTime: 5 * 60_000,
  });
  const options = results.data ?? [];

  const pick = (place: Place) => {
    onChange(place);
    setText('');
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((i) => Math.min(i + 1, options.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (event.key === 'Enter' && open && options[active]) {
      event.preventDefault();
      pick(options[active]);
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  };

  if (value) {
    return (
      <div className="flex h-10 items-center justify-between rounded-md border border-input bg-background px-3 text-sm">
        <span id={id} data-place-code={value.code}>
          {placeLabel(value)}
        </span>
        <button
          type="button"
          className="rounded p-1 text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          onClick={() => onChange(null)}
          aria-label={t`Change ${placeLabel(value)}`}
        >
          <X className="h-4 w-4" aria-hidden="true" />
        </button>
      </div>
    );
  }

  return (
    <div className="relative">
      <Input
        id={id}
        role="combobox"
        aria-expanded={open && options.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        aria-activedescendant={open && options[active] ? `${listId}-${active}` : undefined}
        autoComplete="off"
        placeholder={t`Type to search`}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(0);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={onKeyDown}
      />
      {open && query.length >= 2 && (
        <ul
          id={listId}
          role="listbox"
          className="absolute z-20 mt-1 max-h-60 w-full overflow-auto rounded-md border bg-popover py-1 text-sm shadow-md"
        >
          {options.map((place, index) => (
            <li
              key={place.code}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              className={cn('cursor-pointer px-3 py-2', index === active && 'bg-accent text-accent-foreground')}
              onMouseDown={(event) => {
                event.preventDefault();
                pick(place);
              }}
            >
              {placeLabel(place)}
            </li>
          ))}
          {!results.isFetching && options.length === 0 && (
            <li className="px-3 py-2 text-muted-foreground">{t`No place found`}</li>
          )}
        </ul>
      )}
    </div>
  );
}
