import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, ClipboardCopy, Heart, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toastError, toastInfo, toastSuccess } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Field, FieldControl } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { SearchInput } from '@/components/ui/search-input';
import { BLOCK_FIELD_LIMITS, BLOCK_FIELDS } from '@/lib/design/blocks';
import { cn } from '@/lib/utils';
import { designQueries, useSetFavorite } from '../api/design';
import { LIBRARY_CATEGORIES, filterLibrary, libraryCode } from '../logic/catalog';
import { addBlock, moveBlock, removeBlock, setBlockText } from '../logic/design-edits';
import { BLOCK_FIELD_LABELS, BLOCK_KIND_BY_ID, CATEGORY_LABELS, type BlockCategory } from '../logic/library';
import type { Designer } from '../use-designer';

/** The Component Library panel: the 8 built-in blocks, with Copy code and Add. */
export function ComponentLibrary({ designer }: { designer: Designer }) {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<'All' | BlockCategory>('All');
  const [favoritesOnly, setFavoritesOnly] = useState(false);
  const favorites = useQuery(designQueries.favorites());
  const setFavorite = useSetFavorite();
  const favoriteSet = new Set([...(favorites.data?.component ?? [])].filter(([, on]) => on).map(([id]) => id));
  const items = filterLibrary(search, category, favoritesOnly, favoriteSet);

  return (
    <section aria-label={t`Component Library`} className="space-y-3">
      <h3 className="font-sans text-sm font-semibold">
        <Trans>Component Library</Trans>
      </h3>
      <SearchInput
        value={search}
        onSearch={setSearch}
        placeholder={t`Search components`}
        label={t`Search components`}
        delay={0}
      />
      <div role="tablist" aria-label={t`Component categories`} className="flex flex-wrap gap-1">
        {LIBRARY_CATEGORIES.map((c) => (
          <button
            key={c}
            role="tab"
            aria-selected={category === c}
            className={cn(
              'rounded-full border px-2 py-0.5 text-xs',
              category === c && 'bg-primary text-primary-foreground',
            )}
            onClick={() => setCategory(c)}
          >
            {c === 'All' ? t`All` : t(CATEGORY_LABELS[c])}
          </button>
        ))}
        <button
          aria-pressed={favoritesOnly}
          className={cn(
            'rounded-full border px-2 py-0.5 text-xs',
            favoritesOnly && 'bg-primary text-primary-foreground',
          )}
          onClick={() => setFavoritesOnly((on) => !on)}
        >
          <Trans>Favourites</Trans>
        </button>
      </div>
      {items.length === 0 && (
        <p className="text-xs text-muted-foreground">
          <Trans>No components match.</Trans>
        </p>
      )}
      <ul className="space-y-2">
        {items.map((kind) => {
          const favorite = favoriteSet.has(kind.id);
          const name = t(kind.name);
          return (
            <li key={kind.id} className="rounded-md border p-2">
              <button
                type="button"
                className="w-full text-left"
                onClick={() => toastInfo(t`Selected component: ${name}`)}
              >
                <span className="block font-medium">{name}</span>
                <span className="block text-xs text-muted-foreground">
                  {t(CATEGORY_LABELS[kind.category])} · {t(kind.description)}
                </span>
              </button>
              <div className="mt-2 flex gap-1">
                <Button
                  size="sm"
                  variant="ghost"
                  aria-pressed={favorite}
                  aria-label={t`Favourite ${name}`}
                  onClick={() => setFavorite.mutate({ type: 'component', id: kind.id, favorite: !favorite })}
                >
                  <Heart className={cn('h-4 w-4', favorite && 'fill-current text-rose-600')} aria-hidden="true" />
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() =>
                    navigator.clipboard
                      .writeText(libraryCode(kind))
                      .then(() => toastSuccess(t`Code copied`))
                      .catch((error) => toastError(t`Failed to copy the code`, error))
                  }
                >
                  <ClipboardCopy className="h-4 w-4" aria-hidden="true" /> <Trans>Copy code</Trans>
                </Button>
                <Button
                  size="sm"
                  onClick={() => designer.apply('block', t`Add ${name}`, (d) => addBlock(d, kind.id))}
                  disabled={designer.design.blocks.length >= 20}
                  aria-label={t`Add ${name}`}
                >
                  <Plus className="h-4 w-4" aria-hidden="true" /> <Trans>Add</Trans>
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The blocks added to the home page, in order: edit texts, move, remove. */
export function HomeBlocks({ designer }: { designer: Designer }) {
  const { t } = useLingui();
  const { design, apply } = designer;
  if (design.blocks.length === 0) {
    return (
      <p className="text-xs text-muted-foreground">
        <Trans>No blocks added to the home page yet.</Trans>
      </p>
    );
  }
  return (
    <ol className="space-y-2" aria-label={t`Blocks on the home page`}>
      {design.blocks.map((block, index) => {
        const kind = BLOCK_KIND_BY_ID.get(block.kind)!;
        const name = t(kind.name);
        return (
          <li key={block.id} className="space-y-2 rounded-md border p-2">
            <div className="flex items-center justify-between gap-1">
              <span className="font-medium">{name}</span>
              <span className="flex gap-1">
                <Button
                  size="icon"
                  variant="ghost"
                  className="h-8 w-8"
                  aria-label={t`Move ${name} up`}
                  disabled={index === 0}
                  onClick={() => apply('block', t`Move ${name}`, (d) => moveBlock(d, block.id, -1))}
                >
                  <ArrowUp className="h-4 w-4" aria-hidden="true" />
                </Button>
                <Button
                  size="icon"
                  variant="ghost"
                  className="h-8 w-8"
                  aria-label={t`Move ${name} down`}
                  disabled={index === design.blocks.length - 1}
                  onClick={() => apply('block', t`Move ${name}`, (d) => moveBlock(d, block.id, 1))}
                >
                  <ArrowDown className="h-4 w-4" aria-hidden="true" />
                </Button>
                <Button
                  size="icon"
                  variant="ghost"
                  className="h-8 w-8 text-destructive"
                  aria-label={t`Remove ${name}`}
                  onClick={() =>
                    window.confirm(t`Delete this element?`) &&
                    apply('block', t`Remove ${name}`, (d) => removeBlock(d, block.id))
                  }
                >
                  <Trash2 className="h-4 w-4" aria-hidden="true" />
                </Button>
              </span>
            </div>
            {BLOCK_FIELDS[block.kind].map((field) => {
              const id = `block-${block.id}-${field}`;
              const value = block.texts[field] ?? '';
              const Control = field === 'items' || field === 'text' ? Textarea : Input;
              return (
                <Field key={field} id={id} label={t(BLOCK_FIELD_LABELS[field])}>
                  <FieldControl>
                    <Control
                      value={value}
                      maxLength={BLOCK_FIELD_LIMITS[field]}
                      onChange={(e) =>
                        apply(
                          'block',
                          t`Edit ${name} ${field}`,
                          (d) => setBlockText(d, block.id, field, e.target.value),
                          `text:${block.id}:${field}`,
                        )
                      }
                    />
                  </FieldControl>
                </Field>
              );
            })}
          </li>
        );
      })}
    </ol>
  );
}
