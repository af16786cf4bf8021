import { Trans, useLingui } from '@lingui/react/macro';
import { Plus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import { addAmenity, AMENITY_PRESETS, hasAmenity, removeAmenity, togglePreset } from '../logic/amenity-list';

/** Unique amenity list: custom entries by Enter or the plus button, plus the preset buttons. */
export function AmenityListEditor({ value, onChange }: { value: string[]; onChange: (next: string[]) => void }) {
  const { t } = useLingui();
  const [draft, setDraft] = useState('');
  const inputId = useId();
  const custom = value.filter((amenity) => !hasAmenity(AMENITY_PRESETS, amenity));

  function addDraft() {
    if (!draft.trim()) return;
    onChange(addAmenity(value, draft));
    setDraft('');
  }

  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium">
        <Trans>Amenities</Trans>
      </legend>
      <div className="flex gap-2">
        <Label htmlFor={inputId} className="sr-only">
          <Trans>Custom amenity</Trans>
        </Label>
        <Input
          id={inputId}
          value={draft}
          placeholder={t`Add a custom amenity`}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              addDraft();
            }
          }}
        />
        <Button variant="outline" size="icon" onClick={addDraft} aria-label={t`Add amenity`} disabled={!draft.trim()}>
          <Plus className="h-4 w-4" aria-hidden="true" />
        </Button>
      </div>
      <div className="flex flex-wrap gap-1.5" role="group" aria-label={t`Preset amenities`}>
        {AMENITY_PRESETS.map((preset) => {
          const selected = hasAmenity(value, preset);
          return (
            <button
              key={preset}
              type="button"
              aria-pressed={selected}
              onClick={() => onChange(togglePreset(value, preset))}
              className={cn(
                'rounded-full border px-2.5 py-1 text-xs transition-colors',
                selected ? 'border-primary bg-primary text-primary-foreground' : 'hover:bg-accent',
              )}
            >
              {preset}
            </button>
          );
        })}
      </div>
      {/* the presets show their state on their own buttons: only the custom amenities are listed here */}
      {custom.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label={t`Custom amenities`}>
          {custom.map((amenity) => (
            <li key={amenity}>
              <Badge variant="secondary" className="gap-1 pr-1">
                {amenity}
                <button
                  type="button"
                  className="rounded-full p-0.5 hover:bg-background"
                  onClick={() => onChange(removeAmenity(value, amenity))}
                  aria-label={t`Remove ${amenity}`}
                >
                  <X className="h-3 w-3" aria-hidden="true" />
                </button>
              </Badge>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
