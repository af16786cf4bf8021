import { Trans, useLingui } from '@lingui/react/macro';
import { Input, Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import {
  contentLabel,
  entryLanguages,
  isLongContent,
  isMissingTranslation,
  languageName,
  shownText,
  type ContentDraft,
  type ContentEntry,
  type ContentLanguage,
} from '../logic/content';

/**
 * One text in English, Italian and French side by side (columns on wide screens, stacked with
 * their language names on phones). The English field keeps the text's own label; a translation
 * left blank is flagged "Missing in Italian" and the page shows the English text there.
 */
export function ContentField({
  entry,
  draft,
  onChange,
}: {
  entry: ContentEntry;
  draft: ContentDraft;
  onChange: (language: ContentLanguage, value: string) => void;
}) {
  const { t } = useLingui();
  const id = `content-${entry.key}`;
  const label = contentLabel(entry.key);
  const languages = entryLanguages(entry.key);
  const translated = languages.length > 1;
  const long = isLongContent(entry);
  const hintId = `${id}-hint`;
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      <div className={translated ? 'grid gap-3 lg:grid-cols-3' : undefined}>
        {languages.map((language) => {
          const fieldId = language === 'en' ? id : `${id}-${language}`;
          const missing = isMissingTranslation(entry, draft, language);
          const missingId = `${fieldId}-missing`;
          const props = {
            id: fieldId,
            value: shownText(entry, draft, language),
            onChange: (event: { target: { value: string } }) => onChange(language, event.target.value),
            placeholder: language === 'en' ? undefined : shownText(entry, draft, 'en'),
            'aria-describedby': missing ? `${missingId} ${hintId}` : hintId,
          };
          return (
            <div key={language} className="min-w-0 space-y-1">
              {translated && (
                <div className="flex flex-wrap items-center justify-between gap-x-2 text-xs">
                  {language === 'en' ? (
                    <span className="font-medium text-muted-foreground">{languageName('en')}</span>
                  ) : (
                    <label htmlFor={fieldId} className="font-medium text-muted-foreground">
                      <Trans>
                        <span className="sr-only">{label} in </span>
                        {languageName(language)}
                      </Trans>
                    </label>
                  )}
                  {missing && (
                    <span id={missingId} className="rounded bg-amber-100 px-1.5 py-0.5 font-medium text-amber-900">
                      <Trans>Missing in {languageName(language)}</Trans>
                    </span>
                  )}
                </div>
              )}
              {long ? <Textarea rows={3} {...props} /> : <Input {...props} />}
            </div>
          );
        })}
      </div>
      <p id={hintId} className="text-xs text-muted-foreground">
        {entry.description ? `${entry.description} · ` : ''}
        {translated ? '' : t`The same in every language · `}
        <code>{entry.key}</code>
      </p>
    </div>
  );
}
