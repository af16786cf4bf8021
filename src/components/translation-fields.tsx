import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field, FieldControl } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { TRANSLATED_LOCALES, type TranslatedLocale } from '@/lib/translations';
import { amenityLines, type TranslatedField, type TranslationsDraft } from '@/lib/translations-form';

const LANGUAGE_NAMES = { it: msg`Italian`, fr: msg`French` } as const;
const MISSING_IN = { it: msg`Missing in Italian`, fr: msg`Missing in French` } as const;
const FIELD_LABELS = {
  name: msg`Name`,
  description: msg`Description`,
  amenities: msg`Amenities`,
  bed_layout: msg`Bed layout`,
  view: msg`View`,
} as const;

/**
 * The Italian and French texts of a room, amenity or service, next to each other on wide dialogs
 * and stacked on phones. A blank text is marked "Missing in Italian": the website shows the
 * English one there. The placeholders are the English texts.
 */
export function TranslationFields({
  idPrefix,
  fields,
  english,
  values,
  register,
  errorOf,
}: {
  idPrefix: string;
  fields: readonly TranslatedField[];
  /** the English texts as typed (amenities: the list) */
  english: Partial<Record<TranslatedField, string | string[] | null>>;
  /** the translation texts as typed */
  values: Partial<TranslationsDraft> | undefined;
  register: (locale: TranslatedLocale, field: TranslatedField) => UseFormRegisterReturn;
  errorOf: (locale: TranslatedLocale, field: TranslatedField) => string | undefined;
}) {
  const { i18n } = useLingui();
  return (
    <fieldset className="space-y-3 rounded-md border p-3">
      <legend className="px-1 text-sm font-medium">
        <Trans>Translations</Trans>
      </legend>
      <p className="text-xs text-muted-foreground">
        <Trans>
          The website in Italian and French shows these texts; where one is blank it shows the English text.
        </Trans>
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        {TRANSLATED_LOCALES.map((locale) => {
          const language = i18n._(LANGUAGE_NAMES[locale]);
          const headingId = `${idPrefix}-${locale}-heading`;
          return (
            <div key={locale} role="group" aria-labelledby={headingId} className="min-w-0 space-y-3">
              <h3 id={headingId} className="text-sm font-semibold">
                {language}
              </h3>
              {fields.map((field) => {
                const id = `${idPrefix}-${field}-${locale}`;
                const englishValue = english[field];
                const englishText = Array.isArray(englishValue) ? englishValue.join('\n') : (englishValue ?? '');
                const hasEnglish = englishText.trim() !== '';
                const typed = values?.[locale]?.[field] ?? '';
                const missing =
                  hasEnglish && (field === 'amenities' ? amenityLines(typed).length === 0 : !typed.trim());
                const error = errorOf(locale, field);
                const missingId = `${id}-missing`;
                // the Field adds its error to the description
                const props = {
                  'aria-describedby': missing ? missingId : undefined,
                  placeholder: englishText || undefined,
                  ...register(locale, field),
                };
                return (
                  <Field
                    key={field}
                    id={id}
                    error={error}
                    label={
                      <>
                        {i18n._(FIELD_LABELS[field])} ({language})
                        {field === 'amenities' && (
                          <span className="font-normal text-muted-foreground">
                            {' · '}
                            <Trans>one per line</Trans>
                          </span>
                        )}
                      </>
                    }
                    hint={
                      missing ? (
                        <span id={missingId} className="rounded bg-amber-100 px-1.5 py-0.5 font-medium text-amber-900">
                          {i18n._(MISSING_IN[locale])}
                        </span>
                      ) : undefined
                    }
                  >
                    <FieldControl>
                      {field === 'name' || field === 'bed_layout' || field === 'view' ? (
                        <Input {...props} />
                      ) : (
                        <Textarea rows={field === 'amenities' ? 4 : 3} {...props} />
                      )}
                    </FieldControl>
                  </Field>
                );
              })}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
