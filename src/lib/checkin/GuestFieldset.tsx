import { Trans, useLingui } from '@lingui/react/macro';
import { useId, type ReactNode } from 'react';
import { Input, NativeSelect } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { Filled } from '@/lib/rpc-rows';
import { cn } from '@/lib/utils';
import type { Database } from '@/types/database';
import {
  GUEST_TYPES,
  ITALY,
  fieldError,
  isMember,
  type GuestErrors,
  type GuestField,
  type GuestValues,
} from './guests';
import { COMMON_DOCUMENT_TYPES, documentTypeLabel, fieldLabel, guestErrorText, guestTypeLabel } from './messages';
import { PlacePicker, type SearchPlaces } from './PlacePicker';

/** A document type of the police file's table (public.checkin_document_type, always filled). */
export type DocumentType = Filled<Database['public']['CompositeTypes']['checkin_document_type']>;

/**
 * One guest's check-in fields: who they are, where they were born, citizenship, residence and,
 * for a single guest or the head of a family or group, the identity document. Controlled: every
 * change hands the whole guest back. Missing fields can be flagged (the desk's view).
 */
export function GuestFieldset({
  index,
  value,
  onChange,
  errors,
  searchPlaces,
  documentTypes,
  queryKey,
  flagMissing = [],
  disabled,
  legend,
}: {
  index: number;
  value: GuestValues;
  onChange: (next: GuestValues) => void;
  errors: GuestErrors;
  searchPlaces: SearchPlaces;
  documentTypes: DocumentType[];
  queryKey: readonly unknown[];
  flagMissing?: GuestField[];
  disabled?: boolean;
  legend: ReactNode;
}) {
  const { t } = useLingui();
  const baseId = useId();
  const set = <K extends keyof GuestValues>(key: K, next: GuestValues[K]) => onChange({ ...value, [key]: next });
  const member = isMember(value.guest_type);
  // the documents a foreign guest holds, in their language and most used first; then the police's others
  const common = COMMON_DOCUMENT_TYPES.flatMap((code) => documentTypes.filter((type) => type.code === code));
  const others = documentTypes.filter((type) => documentTypeLabel(type.code) === null);

  const row = (field: GuestField, control: (id: string, describedBy: string | undefined) => ReactNode) => {
    const id = `${baseId}-${field}`;
    const error = fieldError(errors, index, field);
    const missing = flagMissing.includes(field);
    const messageId = error || missing ? `${id}-message` : undefined;
    return (
      <div className="space-y-1.5" data-field={field}>
        <Label htmlFor={id}>{fieldLabel(field)}</Label>
        {control(id, messageId)}
        {error ? (
          <p id={messageId} className="text-sm font-medium text-destructive">
            {guestErrorText(error)}
          </p>
        ) : missing ? (
          <p id={messageId} className="text-sm text-amber-700">
            <Trans>Missing</Trans>
          </p>
        ) : null}
      </div>
    );
  };

  const place = (field: GuestField, key: keyof GuestValues, kind: 'comune' | 'stato' | 'place') =>
    row(field, (id, describedBy) => (
      <PlacePicker
        id={id}
        kind={kind}
        value={value[key] as GuestValues['birth_state']}
        onChange={(next) => set(key, next as never)}
        search={searchPlaces}
        invalid={!!fieldError(errors, index, field)}
        describedBy={describedBy}
        queryKey={queryKey}
      />
    ));

  const text = (field: 'surname' | 'given_names' | 'document_number', autoComplete?: string) =>
    row(field, (id, describedBy) => (
      <Input
        id={id}
        value={value[field]}
        maxLength={field === 'document_number' ? 30 : 100}
        autoComplete={autoComplete}
        aria-invalid={!!fieldError(errors, index, field) || undefined}
        aria-describedby={describedBy}
        onChange={(event) => set(field, event.target.value)}
        disabled={disabled}
      />
    ));

  return (
    <fieldset className={cn('space-y-4 rounded-md border p-4', disabled && 'opacity-70')} disabled={disabled}>
      <legend className="px-1 text-base font-semibold">{legend}</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        {row('guest_type', (id, describedBy) => (
          <NativeSelect
            id={id}
            value={value.guest_type}
            aria-invalid={!!fieldError(errors, index, 'guest_type') || undefined}
            aria-describedby={describedBy}
            onChange={(event) => set('guest_type', event.target.value as GuestValues['guest_type'])}
          >
            <option value="">{t`Choose…`}</option>
            {GUEST_TYPES.map((type) => (
              <option key={type} value={type}>
                {guestTypeLabel(type)}
              </option>
            ))}
          </NativeSelect>
        ))}
        {row('sex', (id, describedBy) => (
          <NativeSelect
            id={id}
            value={value.sex}
            aria-describedby={describedBy}
            onChange={(event) => set('sex', event.target.value as GuestValues['sex'])}
          >
            <option value="">{t`Choose…`}</option>
            <option value="F">{t`Female`}</option>
            <option value="M">{t`Male`}</option>
          </NativeSelect>
        ))}
        {text('surname', 'family-name')}
        {text('given_names', 'given-name')}
        {row('birth_date', (id, describedBy) => (
          <Input
            id={id}
            type="date"
            value={value.birth_date}
            min="1900-01-01"
            aria-invalid={!!fieldError(errors, index, 'birth_date') || undefined}
            aria-describedby={describedBy}
            onChange={(event) => set('birth_date', event.target.value)}
          />
        ))}
        {place('birth_state', 'birth_state', 'stato')}
        {value.birth_state?.code === ITALY && place('birth_comune', 'birth_comune', 'comune')}
        {place('citizenship', 'citizenship', 'stato')}
        {place('residence_state', 'residence_state', 'stato')}
        {value.residence_state?.code === ITALY && place('residence_comune', 'residence_comune', 'comune')}
      </div>
      {!member && value.guest_type !== '' && (
        <div className="grid gap-4 border-t pt-4 sm:grid-cols-2">
          {row('document_type', (id, describedBy) => (
            <NativeSelect
              id={id}
              value={value.document_type}
              aria-describedby={describedBy}
              onChange={(event) => set('document_type', event.target.value)}
            >
              <option value="">{t`Choose…`}</option>
              <optgroup label={t`Documents`}>
                {common.map((type) => (
                  <option key={type.code} value={type.code}>
                    {documentTypeLabel(type.code)}
                  </option>
                ))}
              </optgroup>
              {others.length > 0 && (
                <optgroup label={t`Other Italian documents`}>
                  {others.map((type) => (
                    <option key={type.code} value={type.code}>
                      {type.name}
                    </option>
                  ))}
                </optgroup>
              )}
            </NativeSelect>
          ))}
          {value.document_number_erased && !value.document_number ? (
            <p className="text-sm text-muted-foreground">
              <Trans>The document number was erased after the stay.</Trans>
            </p>
          ) : (
            text('document_number')
          )}
          {place('document_issue_place', 'document_issue_place', 'place')}
        </div>
      )}
    </fieldset>
  );
}
