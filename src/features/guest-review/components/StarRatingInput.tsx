import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Star } from 'lucide-react';
import { useId } from 'react';
import { cn } from '@/lib/utils';
import type { Score } from '../logic/review';

const SCORES = ['1', '2', '3', '4', '5'] as const;

/** 1–5 stars as a group of radio buttons ("3 stars"); optional groups offer "Skip". */
export function StarRatingInput({
  legend,
  value,
  onChange,
  optional = false,
  error,
}: {
  legend: string;
  value: Score;
  onChange: (value: Score) => void;
  optional?: boolean;
  error?: string;
}) {
  // the star names below follow the page's language
  useLingui();
  const name = useId();
  const errorId = `${name}-error`;
  return (
    <fieldset className="space-y-1.5" aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium">
        {legend}
        {optional && (
          <span className="font-normal text-muted-foreground">
            {' '}
            <Trans>(optional)</Trans>
          </span>
        )}
      </legend>
      <div className="flex flex-wrap items-center gap-1">
        {SCORES.map((score) => {
          const stars = Number(score);
          const filled = value !== '' && stars <= Number(value);
          return (
            <label
              key={score}
              className="relative cursor-pointer rounded p-0.5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
            >
              <input
                type="radio"
                name={name}
                value={score}
                checked={value === score}
                onChange={() => onChange(score)}
                className="absolute inset-0 m-0 h-full w-full cursor-pointer opacity-0"
                aria-label={plural(stars, { one: '# star', other: '# stars' })}
              />
              <Star
                aria-hidden="true"
                className={cn('h-7 w-7', filled ? 'fill-gold text-gold' : 'text-muted-foreground/50')}
              />
            </label>
          );
        })}
        {optional && value !== '' && (
          <button
            type="button"
            className="ml-2 text-xs text-muted-foreground underline hover:text-foreground"
            onClick={() => onChange('')}
          >
            <Trans>Clear</Trans>
          </button>
        )}
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}
