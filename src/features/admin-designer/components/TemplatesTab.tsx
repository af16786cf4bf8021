import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Heart } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { NativeSelect, selectOptions } from '@/components/ui/input';
import { SearchInput } from '@/components/ui/search-input';
import { toastInfo } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { designQueries, useSetFavorite } from '../api/design';
import {
  SEEDED_FAVORITE_TEMPLATES,
  TEMPLATES,
  TEMPLATE_CATEGORIES,
  TEMPLATE_CATEGORY_LABELS,
  filterTemplates,
  type TemplateCategory,
  type TemplateSort,
} from '../logic/catalog';
import type { Designer } from '../use-designer';

/** The six built-in templates: token presets, applied as one undoable step. */
export function TemplatesTab({ designer }: { designer: Designer }) {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<TemplateCategory | 'all'>('all');
  const [sort, setSort] = useState<TemplateSort>('rating');
  const [previewId, setPreviewId] = useState<string | null>(null);
  const favorites = useQuery(designQueries.favorites());
  const setFavorite = useSetFavorite();
  const templates = filterTemplates(TEMPLATES, { search, category, sort });
  const isFavorite = (id: string) => favorites.data?.template.get(id) ?? SEEDED_FAVORITE_TEMPLATES.includes(id);

  return (
    <div className="space-y-3 p-3 text-sm">
      <SearchInput
        value={search}
        onSearch={setSearch}
        placeholder={t`Search templates`}
        label={t`Search templates`}
        delay={0}
      />
      <div className="grid grid-cols-2 gap-2">
        <NativeSelect
          aria-label={t`Category`}
          value={category}
          onChange={(e) => setCategory(e.target.value as TemplateCategory | 'all')}
          options={selectOptions(TEMPLATE_CATEGORIES, (c) => t(TEMPLATE_CATEGORY_LABELS[c]))}
        >
          <option value="all">{t`All categories`}</option>
        </NativeSelect>
        <NativeSelect aria-label={t`Sort by`} value={sort} onChange={(e) => setSort(e.target.value as TemplateSort)}>
          <option value="rating">{t`Rating`}</option>
          <option value="downloads">{t`Downloads`}</option>
          <option value="recent">{t`Recent`}</option>
        </NativeSelect>
      </div>
      {templates.length === 0 && (
        <p className="text-muted-foreground">
          <Trans>No templates found matching your criteria.</Trans>
        </p>
      )}
      <ul className="space-y-2">
        {templates.map((template) => {
          const favorite = isFavorite(template.id);
          const name = t(template.name);
          const downloads = template.downloads;
          return (
            <li key={template.id} className="space-y-2 rounded-md border p-2">
              <div className="flex items-start justify-between gap-2">
                <div>
                  <p className="font-medium">{name}</p>
                  <p className="text-xs text-muted-foreground">
                    {t(TEMPLATE_CATEGORY_LABELS[template.category])} · ★ {template.rating} · {t`${downloads} downloads`}{' '}
                    · {template.author}
                  </p>
                </div>
                <button
                  type="button"
                  aria-pressed={favorite}
                  aria-label={t`Favourite ${name}`}
                  onClick={() => setFavorite.mutate({ type: 'template', id: template.id, favorite: !favorite })}
                >
                  <Heart className={cn('h-4 w-4', favorite && 'fill-current text-rose-600')} aria-hidden="true" />
                </button>
              </div>
              <p className="text-xs">{t(template.description)}</p>
              <p className="text-xs text-muted-foreground">
                <Trans>
                  Fonts: {template.typography.heading} / {template.typography.body}
                </Trans>
              </p>
              <p className="flex flex-wrap gap-1">
                {template.tags.slice(0, 4).map((tag) => (
                  <span key={tag} className="rounded-full bg-muted px-2 text-xs">
                    {tag}
                  </span>
                ))}
              </p>
              {previewId === template.id && (
                <div className="flex gap-1" aria-label={t`${name} colours`}>
                  {(['primary', 'secondary', 'accent', 'background', 'foreground'] as const).map((name) => (
                    <span
                      key={name}
                      title={`${name}: ${template.tokens[name]}`}
                      className="h-6 flex-1 rounded border"
                      style={{ background: `hsl(${template.tokens[name]})` }}
                    />
                  ))}
                </div>
              )}
              <div className="flex gap-2">
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => setPreviewId(previewId === template.id ? null : template.id)}
                >
                  <Trans>Preview</Trans>
                </Button>
                <Button
                  size="sm"
                  onClick={() => {
                    designer.apply('template', t`Template ${name}`, (d) => ({
                      ...d,
                      tokens: { ...d.tokens, ...template.tokens },
                    }));
                    toastInfo(t`Applied template: ${name}`);
                  }}
                >
                  <Trans>Apply</Trans>
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
