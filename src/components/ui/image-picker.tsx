import { Trans, useLingui } from '@lingui/react/macro';
import { ImagePlus, Trash2 } from 'lucide-react';
import { useEffect, useId, useMemo, useRef } from 'react';
import { Button } from './button';

/**
 * One picture: shows the chosen file (or the current URL), lets the user pick another or remove
 * it. `validate` returns an error text to refuse a file (reported through `onInvalid`).
 */
export function ImagePicker({
  label,
  file,
  url,
  onFileChange,
  onRemove,
  validate,
  onInvalid,
  disabled,
}: {
  label: string;
  file: File | null;
  url: string | null;
  onFileChange: (file: File) => void;
  onRemove: () => void;
  validate?: (file: File) => string | null;
  onInvalid?: (message: string) => void;
  disabled?: boolean;
}) {
  const { t } = useLingui();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const fileUrl = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (fileUrl) URL.revokeObjectURL(fileUrl);
    },
    [fileUrl],
  );
  const preview = fileUrl ?? url;

  return (
    <div className="space-y-2">
      <span className="block text-sm font-medium" id={`${inputId}-label`}>
        {label}
      </span>
      {preview ? (
        <div className="relative overflow-hidden rounded-md border">
          <img src={preview} alt={t`Selected image preview`} className="h-40 w-full object-cover" />
          <Button
            variant="destructive"
            size="sm"
            className="absolute right-2 top-2"
            onClick={onRemove}
            disabled={disabled}
          >
            <Trash2 className="h-4 w-4" aria-hidden="true" />
            <Trans>Remove image</Trans>
          </Button>
        </div>
      ) : null}
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept="image/*"
        className="sr-only"
        aria-labelledby={`${inputId}-label`}
        disabled={disabled}
        onChange={(event) => {
          const picked = event.target.files?.[0];
          event.target.value = '';
          if (!picked) return;
          const problem = validate?.(picked) ?? null;
          if (problem) onInvalid?.(problem);
          else onFileChange(picked);
        }}
      />
      <Button variant="outline" size="sm" onClick={() => inputRef.current?.click()} disabled={disabled}>
        <ImagePlus className="h-4 w-4" aria-hidden="true" />
        {preview ? t`Change image` : t`Upload image`}
      </Button>
    </div>
  );
}
