import { isOneLineText } from '@shared/constants';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import { countryCodesFor, countryName, normalName, searchLocales } from './countries';
import type { Place } from './guests';
import { guestErrorText } from './messages';

export type PlaceKind = 'comune' | 'stato' | 'place';
/** The server's search: Italian names, and the ISO codes of the countries named in the guest's language. */
export type SearchPlaces = (kind: PlaceKind, query: string, isoCodes: string[]) => Promise<Place[]>;

/**
 * "ROMA (RM)", "FRANCIA", an ended comune with its end year; a country in the page's language
 * when the browser names it ("Allemagne"). `police` gives the police table's Italian name beside it.
 */
export function placeLabel(place: Place, locale?: string): string {
  const local = locale ? countryName(place.iso_code, locale) : null;
  const name = local ?? place.name ?? place.code;
  const province = place.province ? ` (${place.province})` : '';
  const ended = place.ended_on ? ` – ${place.ended_on.slice(0, 4)}` : '';
  return `${name}${province}${ended}`;
}

/** The police's Italian name when it reads differently from the label ("GERMANIA" under "Allemagne"). */
function policeName(place: Place, locale: string): string | null {
  const local = countryName(place.iso_code, locale);
  return local && place.name && normalName(local) !== normalName(place.name) ? place.name : null;
}

/**
 * A comune or a state, picked by typing part of its name: comuni by their Italian name (with the
 * province), countries by their name in the guest's language or in Italian. The ARIA combobox
 * pattern: the text box owns a list box that opens under it in the page's flow (it pushes the next
 * field down, so it never covers it at 375 px); arrows move, Enter picks, Escape closes, Home and
 * End jump. The choice then shows with a button to change it, which takes the focus.
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
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const listId = useId();
  const statusId = useId();
  const textProblemId = useId();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const changeRef = useRef<HTMLButtonElement>(null);
  const focusNext = useRef<'input' | 'change' | null>(null);
  const listRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), 250);
    return () => clearTimeout(timer);
  }, [text]);

  // after a pick the change button takes the focus; after a change, the text box
  useEffect(() => {
    if (focusNext.current === 'change') changeRef.current?.focus();
    if (focusNext.current === 'input') inputRef.current?.focus();
    focusNext.current = null;
  }, [value]);

  const badText = !isOneLineText(text);
  const searching = open && query.length >= 2 && !badText;
  const isoCodes = kind === 'comune' || !searching ? [] : countryCodesFor(query, searchLocales(locale));
  const results = useQuery({
    queryKey: [...queryKey, 'places', kind, normalName(query), isoCodes.join(',')],
    queryFn: () => search(kind, query, isoCodes),
    enabled: searching,
    staleTime: 5 * 60_000,
  });
  const options = searching ? (results.data ?? []) : [];
  const expanded = searching && (options.length > 0 || !results.isFetching);

  useEffect(() => {
    listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);

  const pick = (place: Place) => {
    focusNext.current = 'change';
    onChange(place);
    setText('');
    setQuery('');
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = options.length - 1;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!open) setOpen(true);
      else setActive((i) => Math.min(i + 1, last));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if ((event.key === 'Home' || event.key === 'End') && expanded && options.length > 0) {
      event.preventDefault();
      setActive(event.key === 'Home' ? 0 : last);
    } else if (event.key === 'Enter' && expanded && options[active]) {
      event.preventDefault();
      pick(options[active]);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  };

  if (value) {
    const police = policeName(value, locale);
    return (
      <div className="flex min-h-10 items-center justify-between gap-2 rounded-md border border-input bg-background px-3 py-1.5 text-sm">
        <span id={id} data-place-code={value.code} className="min-w-0">
          {placeLabel(value, locale)}
          {police && <span className="text-xs text-muted-foreground"> ({police})</span>}
        </span>
        <button
          ref={changeRef}
          type="button"
          className="shrink-0 rounded p-1 text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          onClick={() => {
            focusNext.current = 'input';
            onChange(null);
          }}
          aria-label={t`Change ${placeLabel(value, locale)}`}
        >
          <X className="h-4 w-4" aria-hidden="true" />
        </button>
      </div>
    );
  }

  const count = options.length;
  return (
    <div>
      <Input
        ref={inputRef}
        id={id}
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-invalid={invalid || badText || undefined}
        aria-describedby={[badText ? textProblemId : null, describedBy].filter(Boolean).join(' ') || undefined}
        aria-activedescendant={expanded && options[active] ? `${listId}-${active}` : undefined}
        autoComplete="off"
        placeholder={kind === 'comune' ? t`Type the comune’s name` : t`Type to search`}
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
      {badText && (
        <p id={textProblemId} className="mt-1 text-sm font-medium text-destructive">
          {guestErrorText('text_not_allowed')}
        </p>
      )}
      <ul
        ref={listRef}
        id={listId}
        role="listbox"
        aria-label={t`Places found`}
        hidden={!expanded}
        className="mt-1 max-h-60 w-full overflow-auto rounded-md border bg-popover py-1 text-sm shadow-sm"
      >
        {options.map((place, index) => {
          const police = policeName(place, locale);
          return (
            <li
              key={place.code}
              id={`${listId}-${index}`}
              data-index={index}
              role="option"
              aria-selected={index === active}
              className={cn('cursor-pointer px-3 py-2', index === active && 'bg-accent text-accent-foreground')}
              onMouseDown={(event) => {
                event.preventDefault();
                pick(place);
              }}
              onMouseEnter={() => setActive(index)}
            >
              {placeLabel(place, locale)}
              {police && <span className="text-xs text-muted-foreground"> ({police})</span>}
            </li>
          );
        })}
        {expanded && count === 0 && (
          <li role="option" aria-disabled="true" aria-selected={false} className="px-3 py-2 text-muted-foreground">
            {t`No place found`}
          </li>
        )}
      </ul>
      <p id={statusId} role="status" className="sr-only">
        {searching && !results.isFetching ? plural(count, { one: '# place found', other: '# places found' }) : ''}
      </p>
    </div>
  );
}
