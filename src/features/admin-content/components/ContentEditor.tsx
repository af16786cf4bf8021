import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { FileText, Loader2, Save } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { toastSuccess } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ListSkeleton } from '@/components/ui/list-skeleton';
import { ContentField } from './ContentField';
import { Switch } from '@/components/ui/switch';
import { HEADLINE_COMPUTED, HEADLINE_SOURCE_KEY, HEADLINE_TYPED } from '@/lib/site-content';
import { contentQueries, useSaveContent } from '../api/site-content';
import {
  changedEntries,
  changeName,
  contentSaveRows,
  groupContent,
  shownText,
  type ContentDraft,
  type ContentLanguage,
} from '../logic/content';

/** Every site text in English, Italian and French, saved together from the bar at the bottom. */
export function ContentEditor() {
  const { t } = useLingui();
  const content = useQuery(contentQueries.adminList());
  const save = useSaveContent();
  const [draft, setDraft] = useState<ContentDraft>({});
  const entries = content.data ?? [];
  const changes = changedEntries(entries, draft);

  function onSave() {
    save.mutate(contentSaveRows(entries, changes), {
      onSuccess: () => {
        setDraft({});
        toastSuccess(t`Content updated successfully`);
      },
    });
  }

  return (
    <>
      {content.isPending ? (
        <ListSkeleton label={t`Loading content`} lines={['h-5 w-1/4', 'h-10 w-full', 'h-10 w-full']} />
      ) : entries.length === 0 ? (
        <EmptyState icon={FileText} title={t`No content found`} />
      ) : (
        groupContent(entries).map((section) => (
          <Card key={section.prefix} role="region" aria-label={section.title}>
            <CardHeader>
              <CardTitle className="text-xl">{section.title}</CardTitle>
            </CardHeader>
            <CardContent className="space-y-4">
              {section.entries.length === 0 && (
                <p className="text-sm text-muted-foreground">
                  <Trans>No entries in this section.</Trans>
                </p>
              )}
              {section.entries.map((entry) => {
                const id = `content-${entry.key}`;
                const onChange = (language: ContentLanguage, next: string) =>
                  setDraft((current) => ({ ...current, [entry.key]: { ...current[entry.key], [language]: next } }));
                if (entry.key === HEADLINE_SOURCE_KEY) {
                  return (
                    <HeadlineSourceSwitch
                      key={entry.key}
                      id={id}
                      value={shownText(entry, draft, 'en')}
                      onChange={(value) => onChange('en', value)}
                    />
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
            <span className="text-muted-foreground">
              <Trans>No unsaved changes</Trans>
            </span>
          ) : (
            <>
              <span className="font-medium">
                {plural(changes.length, { one: '# unsaved change', other: '# unsaved changes' })}
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
          <Trans>Save All Changes</Trans>
        </Button>
      </div>
    </>
  );
}

/** The switch between the rating computed from guest reviews and the typed one. */
function HeadlineSourceSwitch({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="flex items-start gap-3 rounded-md border p-3">
      <Switch
        id={id}
        checked={value.trim() === HEADLINE_COMPUTED}
        onCheckedChange={(checked) => onChange(checked ? HEADLINE_COMPUTED : HEADLINE_TYPED)}
        aria-describedby={`${id}-hint`}
      />
      <div className="space-y-1">
        <label htmlFor={id} className="text-sm font-medium leading-none">
          <Trans>Compute the rating and count from guest reviews</Trans>
        </label>
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          <Trans>
            On: the hero, the Reviews section and search engines get the average and number of the approved reviews of
            stays. Off: the typed rating and texts.
          </Trans>{' '}
          · <code>{HEADLINE_SOURCE_KEY}</code>
        </p>
      </div>
    </div>
  );
}
