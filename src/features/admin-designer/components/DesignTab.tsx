import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Download, RotateCcw, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { toastFailure, toastInfo } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogActions,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field, FieldControl } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { hexToHsl, hslToHex } from '../logic/color';
import { SearchInput } from '@/components/ui/search-input';
import {
  COLOR_SWATCHES,
  SPACING_RANGE,
  TOKEN_CATEGORIES,
  TOKEN_DEFINITIONS,
  TYPOGRAPHY_RANGE,
  defaultTokens,
  tokenError,
  type TokenCategory,
  type TokenDefinition,
} from '@/lib/design/tokens';
import { exportTokens, importTokens, type TokenChange } from '../logic/design-io';
import type { Designer } from '../use-designer';
import { downloadJson } from './download';

const TOKEN_CATEGORY_LABELS: Record<TokenCategory, MessageDescriptor> = {
  'Brand Colors': msg`Brand Colors`,
  'Theme Colors': msg`Theme Colors`,
  Spacing: msg`Spacing`,
  Typography: msg`Typography`,
};

/** The token editor: Brand Colors, Theme Colors, Spacing, Typography; export, import, reset. */
export function DesignTab({ designer }: { designer: Designer }) {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const [pending, setPending] = useState<{ tokens: Record<string, string | number>; changes: TokenChange[] } | null>(
    null,
  );
  const file = useRef<HTMLInputElement>(null);
  const drag = useRef(0);
  const { design, apply } = designer;
  const term = search.trim().toLowerCase();

  const setToken = (name: string, value: string | number, merge = false) =>
    apply(
      'tokenChange',
      t`Token ${name}`,
      (d) => ({ ...d, tokens: { ...d.tokens, [name]: value } }),
      merge ? `token:${name}:${drag.current}` : undefined,
    );

  const readFile = async (selected: File | undefined) => {
    if (!selected) return;
    const result = importTokens(await selected.text(), design.tokens);
    if (!result.success) toastFailure(t`Import failed`, result.errors.slice(0, 5).join('; '));
    else if (result.changes.length === 0) toastInfo(t`The file changes no token`);
    else setPending(result);
    if (file.current) file.current.value = '';
  };

  return (
    <div className="space-y-3 p-3 text-sm">
      <SearchInput
        value={search}
        onSearch={setSearch}
        placeholder={t`Search tokens`}
        label={t`Search tokens`}
        delay={0}
      />
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="outline"
          onClick={() => downloadJson(`design-tokens-${Date.now()}.json`, exportTokens(design.tokens))}
        >
          <Download className="h-4 w-4" aria-hidden="true" /> <Trans>Export Tokens</Trans>
        </Button>
        <Button size="sm" variant="outline" onClick={() => file.current?.click()}>
          <Upload className="h-4 w-4" aria-hidden="true" /> <Trans>Import Tokens</Trans>
        </Button>
        <input
          ref={file}
          type="file"
          accept="application/json,.json"
          className="hidden"
          aria-label={t`Token file`}
          onChange={(e) => void readFile(e.target.files?.[0])}
        />
        <Button
          size="sm"
          variant="outline"
          onClick={() => apply('tokenChange', t`Reset tokens to default`, (d) => ({ ...d, tokens: defaultTokens() }))}
        >
          <RotateCcw className="h-4 w-4" aria-hidden="true" /> <Trans>Reset to Default</Trans>
        </Button>
      </div>
      {TOKEN_CATEGORIES.map((category) => {
        const tokens = TOKEN_DEFINITIONS.filter((t) => t.category === category && t.name.includes(term));
        if (tokens.length === 0) return null;
        return (
          <details key={category} open className="rounded-md border">
            <summary className="cursor-pointer px-3 py-2 font-medium">{t(TOKEN_CATEGORY_LABELS[category])}</summary>
            <div className="space-y-3 border-t p-3">
              {tokens.map((token) => (
                <TokenEditor
                  key={token.name}
                  token={token}
                  value={design.tokens[token.name]}
                  onChange={setToken}
                  onDragStart={() => (drag.current += 1)}
                />
              ))}
            </div>
          </details>
        );
      })}
      <Dialog open={pending !== null} onOpenChange={(open) => !open && setPending(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>
              <Trans>Import tokens</Trans>
            </DialogTitle>
            <DialogDescription>
              <Trans>These tokens change:</Trans>
            </DialogDescription>
          </DialogHeader>
          <ul className="max-h-64 space-y-1 overflow-auto font-mono text-xs">
            {pending?.changes.map((c) => (
              <li key={c.name}>
                {c.name}: {String(c.from)} → {String(c.to)}
              </li>
            ))}
          </ul>
          <DialogActions
            label={t`Apply`}
            onConfirm={() => {
              const tokens = pending!.tokens;
              apply('import', t`Import tokens`, (d) => ({ ...d, tokens }));
              setPending(null);
            }}
            onCancel={() => setPending(null)}
          />
        </DialogContent>
      </Dialog>
    </div>
  );
}

function TokenEditor({
  token,
  value,
  onChange,
  onDragStart,
}: {
  token: TokenDefinition;
  value: string | number;
  onChange: (name: string, value: string | number, merge?: boolean) => void;
  onDragStart: () => void;
}) {
  const { t } = useLingui();
  const id = `token-${token.name}`;
  const [draft, setDraft] = useState<string | null>(null);
  if (token.type === 'color') {
    const error = draft !== null ? tokenError(token.name, draft.trim()) : null;
    return (
      <Field id={id} label={<span className="font-mono text-xs">{token.name}</span>} error={error ?? undefined}>
        <div className="flex items-center gap-2">
          {/* a colour picker beside the raw HSL text; both edit the same token */}
          <input
            type="color"
            aria-label={t`Pick ${token.name}`}
            className="h-9 w-10 shrink-0 cursor-pointer rounded border bg-background p-0.5"
            value={hslToHex(String(value)) ?? '#000000'}
            onPointerDown={onDragStart}
            onKeyDown={onDragStart}
            onChange={(e) => {
              const next = hexToHsl(e.target.value);
              if (!next) return;
              setDraft(null);
              onChange(token.name, next, true);
            }}
          />
          <FieldControl>
            <Input
              value={draft ?? String(value)}
              onChange={(e) => setDraft(e.target.value)}
              onBlur={() => {
                if (draft !== null && !error && draft.trim() !== value) onChange(token.name, draft.trim());
                if (!error) setDraft(null);
              }}
              onKeyDown={(e) => e.key === 'Enter' && e.currentTarget.blur()}
            />
          </FieldControl>
        </div>
        <details>
          <summary className="cursor-pointer text-xs text-muted-foreground">
            <Trans>Swatches</Trans>
          </summary>
          <div className="mt-1 grid grid-cols-8 gap-1">
            {COLOR_SWATCHES.map((swatch) => (
              <button
                key={swatch}
                type="button"
                aria-label={t`Use ${swatch}`}
                className="h-6 w-6 rounded border focus-visible:ring-2"
                style={{ background: `hsl(${swatch})` }}
                onClick={() => {
                  setDraft(null);
                  onChange(token.name, swatch);
                }}
              />
            ))}
          </div>
        </details>
      </Field>
    );
  }
  const range = token.type === 'spacing' ? SPACING_RANGE : TYPOGRAPHY_RANGE;
  // a CSS unit, the same in every language
  const size = `${Number(value)}rem`;
  return (
    <Field id={id} label={<span className="font-mono text-xs">{token.name}</span>}>
      <div className="flex items-center gap-2">
        <FieldControl>
          <input
            type="range"
            className="min-w-0 flex-1"
            min={range.min}
            max={range.max}
            step={range.step}
            value={Number(value)}
            onPointerDown={onDragStart}
            onKeyDown={onDragStart}
            onChange={(e) => onChange(token.name, Number(e.target.value), true)}
          />
        </FieldControl>
        <span className="w-16 text-right font-mono text-xs">{size}</span>
      </div>
    </Field>
  );
}
