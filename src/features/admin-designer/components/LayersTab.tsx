import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowDown, ArrowUp, ChevronDown, ChevronRight, Copy, Eye, EyeOff, Lock, Trash2, Unlock } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { SearchInput } from '@/components/ui/search-input';
import type { PreviewLayer } from '@/lib/design/preview-protocol';
import { cn } from '@/lib/utils';
import { blockIdOf, deleteElement, duplicateBlock, moveBlock, setHidden } from '../logic/design-edits';
import type { Designer } from '../use-designer';

/** The page's designable elements as a tree, from the preview frame. */
export function LayersTab({ designer, layers }: { designer: Designer; layers: PreviewLayer[] }) {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());
  const { design, apply, locked, setLocked } = designer;
  const term = search.trim().toLowerCase();
  const hasChildren = (i: number) => layers[i + 1]?.depth > layers[i].depth;

  // Hide the descendants of collapsed layers (unless searching).
  const visible: PreviewLayer[] = [];
  let skipBelow: number | null = null;
  layers.forEach((layer, i) => {
    if (skipBelow !== null && layer.depth > skipBelow) return;
    skipBelow = null;
    if (term === '' || layer.id.includes(term)) visible.push(layer);
    if (term === '' && collapsed.has(layer.id) && hasChildren(i)) skipBelow = layer.depth;
  });

  return (
    <div className="space-y-3 p-3 text-sm">
      <SearchInput
        value={search}
        onSearch={setSearch}
        placeholder={t`Search layers`}
        label={t`Search layers`}
        delay={0}
      />
      <div className="grid grid-cols-2 gap-1">
        <Button size="sm" variant="outline" onClick={() => setCollapsed(new Set())}>
          <Trans>Expand All</Trans>
        </Button>
        <Button size="sm" variant="outline" onClick={() => setCollapsed(new Set(layers.map((l) => l.id)))}>
          <Trans>Collapse All</Trans>
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={design.hidden.length === 0}
          onClick={() => apply('styleChange', t`Show all`, (d) => ({ ...d, hidden: [] }))}
        >
          <Trans>Show All</Trans>
        </Button>
        <Button size="sm" variant="outline" disabled={locked.length === 0} onClick={() => setLocked([])}>
          <Trans>Unlock All</Trans>
        </Button>
      </div>
      {designer.selectedId && <SelectedLayerCard designer={designer} id={designer.selectedId} />}
      {layers.length === 0 && (
        <p className="text-xs text-muted-foreground">
          <Trans>Loading the page…</Trans>
        </p>
      )}
      <ul aria-label={t`Layers`} className="space-y-0.5">
        {visible.map((layer) => {
          const index = layers.indexOf(layer);
          const hidden = design.hidden.includes(layer.id);
          const isLocked = locked.includes(layer.id);
          return (
            <li
              key={layer.id}
              className={cn(
                'flex items-center gap-1 rounded px-1',
                designer.selectedId === layer.id && 'bg-accent',
                hidden && 'opacity-50',
              )}
              style={{ paddingLeft: term ? 4 : layer.depth * 12 + 4 }}
            >
              {hasChildren(index) && term === '' ? (
                <button
                  type="button"
                  aria-label={collapsed.has(layer.id) ? t`Expand ${layer.id}` : t`Collapse ${layer.id}`}
                  aria-expanded={!collapsed.has(layer.id)}
                  onClick={() =>
                    setCollapsed((set) => {
                      const next = new Set(set);
                      if (next.has(layer.id)) next.delete(layer.id);
                      else next.add(layer.id);
                      return next;
                    })
                  }
                >
                  {collapsed.has(layer.id) ? <ChevronRight className="h-4 w-4" /> : <ChevronDown className="h-4 w-4" />}
                </button>
              ) : (
                <span className="w-4" />
              )}
              <button
                type="button"
                className="min-w-0 flex-1 truncate py-1 text-left font-mono text-xs"
                disabled={isLocked || !designer.editing}
                onClick={() =>
                  designer.select({ id: layer.id, tag: layer.tag, className: layer.className, path: layer.id })
                }
              >
                {layer.id} <span className="text-muted-foreground">{layer.tag}</span>
              </button>
              <button
                type="button"
                aria-label={hidden ? t`Show ${layer.id}` : t`Hide ${layer.id}`}
                onClick={() =>
                  apply('styleChange', hidden ? t`Show ${layer.id}` : t`Hide ${layer.id}`, (d) =>
                    setHidden(d, layer.id, !hidden),
                  )
                }
              >
                {hidden ? <EyeOff className="h-4 w-4" /> : <Eye className="h-4 w-4" />}
              </button>
              <button
                type="button"
                aria-label={isLocked ? t`Unlock ${layer.id}` : t`Lock ${layer.id}`}
                onClick={() => setLocked(isLocked ? locked.filter((id) => id !== layer.id) : [...locked, layer.id])}
              >
                {isLocked ? <Lock className="h-4 w-4" /> : <Unlock className="h-4 w-4 text-muted-foreground" />}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** Duplicate, move and delete for the selected layer (duplicate and move apply to added blocks). */
function SelectedLayerCard({ designer, id }: { designer: Designer; id: string }) {
  const { t } = useLingui();
  const { design, apply } = designer;
  const blockId = blockIdOf(id);
  const index = blockId ? design.blocks.findIndex((b) => b.id === blockId) : -1;
  const onlyBlocks = blockId ? undefined : t`Only blocks added from the library can be duplicated or moved`;
  return (
    <div className="space-y-2 rounded-md border bg-muted/50 p-2" aria-label={t`Selected layer`}>
      <p className="font-mono text-xs">{id}</p>
      <div className="flex flex-wrap gap-1">
        <Button
          size="sm"
          variant="outline"
          disabled={!blockId}
          title={onlyBlocks}
          onClick={() => blockId && apply('block', t`Duplicate ${id}`, (d) => duplicateBlock(d, blockId))}
        >
          <Copy className="h-4 w-4" aria-hidden="true" /> <Trans>Duplicate</Trans>
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={index <= 0}
          title={onlyBlocks}
          aria-label={t`Move up`}
          onClick={() => blockId && apply('block', t`Move ${id}`, (d) => moveBlock(d, blockId, -1))}
        >
          <ArrowUp className="h-4 w-4" aria-hidden="true" /> <Trans>Move</Trans>
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={index === -1 || index === design.blocks.length - 1}
          title={onlyBlocks}
          aria-label={t`Move down`}
          onClick={() => blockId && apply('block', t`Move ${id}`, (d) => moveBlock(d, blockId, 1))}
        >
          <ArrowDown className="h-4 w-4" aria-hidden="true" />
        </Button>
        <Button
          size="sm"
          variant="outline"
          className="text-destructive"
          aria-label={t`Delete ${id}`}
          onClick={() =>
            window.confirm(t`Delete this element?`) && apply('block', t`Delete ${id}`, (d) => deleteElement(d, id))
          }
        >
          <Trash2 className="h-4 w-4" aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}
