import { FileText, Loader2, Save } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { toastSuccess } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input, Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { HEADLINE_COMPUTED, HEADLINE_SOURCE_KEY, HEADLINE_TYPED } from '@/lib/site-content';
import { contentQueries, useSaveContent } from '@/features/admin-content/api/site-content';
import {
  changedEntries,
  changeName,
  contentLabel,
  contentSaveRows,
  entryLanguages,
  groupContent,
  isLongContent,
  isMissingTranslation,
  LANGUAGE_NAMES,
  shownText,
  type ContentDraft,
  type ContentEntry,
  type ContentLanguage,
} from '@/features/admin-content/logic/content';

export default function ContentPage() {
  const content = useQuery(contentQueries.adminList());
  const save = useSaveContent();
  const [draft, setDraft] = useState<ContentDraft>({});
  const entries = content.data ?? [];
  const changes = changedEntries(entries, draft);

  function onSave() {
    save.mutate(contentSaveRows(entries, changes), {
      onSuccess: () => {
        setDraft({});
        toastSuccess('Content updated successfully');
      },
    });
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Content</h1>
          <p className="text-muted-foreground">Edit all website content</p>
        </div>
      </div>

      {content.isPending ? (
        <div className="space-y-4" aria-busy="true" aria-label="Loading content">
          {Array.from({ length: 3 }, (_, i) => (
            <Card key={i}>
              <CardContent className="space-y-3 pt-6">
                <Skeleton className="h-5 w-1/4" />
                <Skeleton className="h-10 w-full" />
                <Skeleton className="h-10 w-full" />
              </CardContent>
            </Card>
          ))}
        </div>
      ) : entries.length === 0 ? (
        <Card className="py-12 text-center">
          <CardContent className="space-y-2">
            <FileText className="mx-auto h-10 w-10 text-muted-foreground" aria-hidden="true" />
            <p className="text-lg font-medium">No content found</p>
          </CardContent>
        </Card>
      ) : (
        groupContent(entries).map((section) => (
          <Card key={section.prefix} role="region" aria-label={section.title}>
            <CardHeader>
              <CardTitle className="text-xl">{section.title}</CardTitle>
            </CardHeader>
            <CardContent className="space-y-4">
              {section.entries.length === 0 && (
                <p className="text-sm text-muted-foreground">No entries in this section.</p>
              )}
              {section.entries.map((entry) => {
                const id = `content-${entry.key}`;
                const onChange = (language: ContentLanguage, next: string) =>
                  setDraft((current) => ({ ...current, [entry.key]: { ...current[entry.key], [language]: next } }));
                if (entry.key === HEADLINE_SOURCE_KEY) {
                  const value = shownText(entry, draft, 'en');
                  return (
                    <div key={entry.key} className="flex items-start gap-3 rounded-md border p-3">
                      <Switch
                        id={id}
                        checked={value.trim() === HEADLINE_COMPUTED}
                        onCheckedChange={(checked) => onChange('en', checked ? HEADLINE_COMPUTED : HEADLINE_TYPED)}
                        aria-describedby={`${id}-hint`}
                      />
                      <div className="space-y-1">
                        <label htmlFor={id} className="text-sm font-medium leading-none">
                          Compute the rating and count from guest reviews
                        </label>
                        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
                          On: the hero, the Reviews section and search engines get the average and number of the
                          approved reviews of stays. Off: the typed rating and texts. · <code>{entry.key}</code>
                        </p>
                      </div>
                    </div>
                  );
                }
                return <ContentField key={entry.key} entry={entry} draft={draft} onChange={onChange} />;
              })}
            </CardContent>
          </Card>
        ))
      )}

      {/* The one Save All Changes button, in a bar that stays in view at the bottom of the screen
          and says which fields are unsaved. */}
      <div className="sticky bottom-0 z-20 -mx-4 flex flex-wrap items-center justify-between gap-3 border-t bg-background/95 px-4 py-3 backdrop-blur md:-mx-8 md:px-8">
        <p className="min-w-0 flex-1 text-sm" aria-live="polite">
          {changes.length === 0 ? (
            <span className="text-muted-foreground">No unsaved changes</span>
          ) : (
            <>
              <span className="font-medium">
                {changes.length} unsaved {changes.length === 1 ? 'change' : 'changes'}
              </span>
              <span className="text-muted-foreground">: {changes.map(changeName).join(', ')}</span>
            </>
          )}
        </p>
        <Button onClick={onSave} disabled={save.isPending || changes.length === 0}>
          {save.isPending ? (
            <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
          ) : (
            <Save className="h-4 w-4" aria-hidden="true" />
          )}
          Save All Changes
        </Button>
      </div>
    </div>
  );
}

/**
 * One text in English, Italian and French side by side (columns on wide screens, stacked with
 * their language names on phones). The English field keeps the text's own label; a translation
 * left blank is flagged "Missing in Italian" and the page shows the English text there.
 */
function ContentField({
  entry,
  draft,
  onChange,
}: {
  entry: ContentEntry;
  draft: ContentDraft;
  onChange: (language: ContentLanguage, value: string) => void;
}) {
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
                    <span className="font-medium text-muted-foreground">{LANGUAGE_NAMES.en}</span>
                  ) : (
                    <label htmlFor={fieldId} className="font-medium text-muted-foreground">
                      <span className="sr-only">{label} in </span>
                      {LANGUAGE_NAMES[language]}
                    </label>
                  )}
                  {missing && (
                    <span id={missingId} className="rounded bg-amber-100 px-1.5 py-0.5 font-medium text-amber-900">
                      Missing in {LANGUAGE_NAMES[language]}
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
        {translated ? '' : 'The same in every language · '}
        <code>{entry.key}</code>
      </p>
    </div>
  );
}
