import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Copy, Eye, EyeOff, RotateCcw, Trash2, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field, FieldControl } from '@/components/ui/form-field';
import { Input, NativeSelect, selectOptions } from '@/components/ui/input';
import { SearchInput } from '@/components/ui/search-input';
import {
  PROPERTY_GROUPS,
  STYLE_PROPERTIES,
  styleValueError,
  type PropertyGroup,
  type StyleProperty,
} from '@/lib/design/properties';
import { COLOR_TOKEN_NAMES } from '@/lib/design/tokens';
import { blockIdOf, deleteElement, duplicateBlock, resetStyles, setHidden, setStyle } from '../logic/design-edits';
import type { Designer } from '../use-designer';

const GROUP_LABELS: Record<PropertyGroup, MessageDescriptor> = {
  Layout: msg`Layout`,
  Spacing: msg`Spacing`,
  Typography: msg`Typography`,
  'Background & Colors': msg`Background & Colors`,
  'Border & Effects': msg`Border & Effects`,
};

export interface ElementInfo {
  id: string;
  tag: string;
  className: string;
  path: string;
}

/** Styles of the selected designable element: allow-listed properties in the spec's groups. */
export function StylesTab({ designer, element }: { designer: Designer; element: ElementInfo | null }) {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const drag = useRef(0);
  if (!element) {
    return (
      <p className="p-4 text-sm text-muted-foreground">
        <Trans>Select an element to edit its styles</Trans>
      </p>
    );
  }
  const { design, apply } = designer;
  const styles = design.styles[element.id] ?? {};
  const hidden = design.hidden.includes(element.id);
  const blockId = blockIdOf(element.id);
  const term = search.trim().toLowerCase();

  const change = (property: string, value: string | number | null, merge = false) =>
    apply(
      'styleChange',
      `${element.id}: ${property}`,
      (d) => setStyle(d, element.id, property, value),
      merge ? `style:${element.id}:${property}:${drag.current}` : undefined,
    );

  return (
    <div className="space-y-3 p-3 text-sm">
      <dl className="grid grid-cols-[auto_1fr] gap-x-2 rounded-md bg-muted p-2 font-mono text-xs">
        <dt>
          <Trans>Tag</Trans>
        </dt>
        <dd>{element.tag}</dd>
        <dt>
          <Trans>Class</Trans>
        </dt>
        <dd className="truncate">{element.className || '—'}</dd>
        <dt>
          <Trans>Path</Trans>
        </dt>
        <dd className="truncate" title={element.path}>
          {element.path}
        </dd>
      </dl>
      <SearchInput
        value={search}
        onSearch={setSearch}
        placeholder={t`Search properties`}
        label={t`Search properties`}
        delay={0}
      />
      <div className="grid grid-cols-4 gap-1">
        <Button
          size="sm"
          variant="outline"
          title={t`Toggle`}
          onClick={() =>
            apply('styleChange', hidden ? t`Show ${element.id}` : t`Hide ${element.id}`, (d) =>
              setHidden(d, element.id, !hidden),
            )
          }
        >
          {hidden ? <Eye className="h-4 w-4" aria-hidden="true" /> : <EyeOff className="h-4 w-4" aria-hidden="true" />}
          <span className="sr-only sm:not-sr-only">
            <Trans>Toggle</Trans>
          </span>
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={() => apply('styleChange', t`Reset ${element.id}`, (d) => resetStyles(d, element.id))}
        >
          <RotateCcw className="h-4 w-4" aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">
            <Trans>Reset</Trans>
          </span>
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={!blockId}
          title={blockId ? t`Copy` : t`Only blocks added from the library can be copied`}
          onClick={() => blockId && apply('block', t`Copy ${element.id}`, (d) => duplicateBlock(d, blockId))}
        >
          <Copy className="h-4 w-4" aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">
            <Trans>Copy</Trans>
          </span>
        </Button>
        <Button
          size="sm"
          variant="outline"
          className="text-destructive"
          onClick={() => {
            if (!window.confirm(t`Delete this element?`)) return;
            apply('block', t`Delete ${element.id}`, (d) => deleteElement(d, element.id));
          }}
        >
          <Trash2 className="h-4 w-4" aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">
            <Trans>Delete</Trans>
          </span>
        </Button>
      </div>
      {PROPERTY_GROUPS.map((group) => {
        const properties = STYLE_PROPERTIES.filter((p) => p.group === group && p.name.includes(term));
        if (properties.length === 0) return null;
        return (
          <details key={group} open={group === 'Layout' || term !== ''} className="rounded-md border">
            <summary className="cursor-pointer px-3 py-2 font-medium">{t(GROUP_LABELS[group])}</summary>
            <div className="space-y-3 border-t p-3">
              {properties.map((property) => (
                <PropertyControl
                  key={property.name}
                  elementId={element.id}
                  property={property}
                  value={styles[property.name]}
                  onChange={change}
                  onDragStart={() => (drag.current += 1)}
                />
              ))}
            </div>
          </details>
        );
      })}
    </div>
  );
}

function PropertyControl({
  elementId,
  property,
  value,
  onChange,
  onDragStart,
}: {
  elementId: string;
  property: StyleProperty;
  value: string | number | undefined;
  onChange: (property: string, value: string | number | null, merge?: boolean) => void;
  onDragStart: () => void;
}) {
  const { t } = useLingui();
  const id = `style-${elementId}-${property.name}`;
  const [draft, setDraft] = useState<string | null>(null);
  const error =
    draft !== null ? styleValueError(property.name, property.kind === 'number' ? Number(draft) : draft) : null;
  const clear =
    value !== undefined ? (
      <button
        type="button"
        className="ml-1 inline-flex text-muted-foreground hover:text-foreground"
        aria-label={t`Clear ${property.name}`}
        onClick={() => onChange(property.name, null)}
      >
        <X className="h-3 w-3" aria-hidden="true" />
      </button>
    ) : null;
  const label = (
    <span className="inline-flex items-center font-mono text-xs">
      {property.name}
      {clear}
    </span>
  );

  if (property.kind === 'option') {
    return (
      <Field id={id} label={label}>
        <FieldControl>
          <NativeSelect
            value={typeof value === 'string' ? value : ''}
            onChange={(e) => onChange(property.name, e.target.value || null)}
            options={selectOptions(property.options)}
          >
            <option value="">{t`(site default)`}</option>
          </NativeSelect>
        </FieldControl>
      </Field>
    );
  }

  if (property.kind === 'color') {
    const isToken = typeof value === 'string' && COLOR_TOKEN_NAMES.includes(value);
    return (
      <Field id={id} label={label} error={error ?? undefined}>
        <div className="flex gap-2">
          <NativeSelect
            aria-label={t`${property.name} token`}
            value={isToken ? String(value) : ''}
            onChange={(e) => onChange(property.name, e.target.value || null)}
            options={selectOptions(COLOR_TOKEN_NAMES)}
          >
            <option value="">{t`HSL value`}</option>
          </NativeSelect>
          <FieldControl>
            <Input
              placeholder="220 60% 15%"
              value={draft ?? (isToken || value === undefined ? '' : String(value))}
              onChange={(e) => setDraft(e.target.value)}
              onBlur={() => {
                if (draft !== null && !error) onChange(property.name, draft.trim() === '' ? null : draft.trim());
                if (!error) setDraft(null);
              }}
            />
          </FieldControl>
        </div>
      </Field>
    );
  }

  const numeric = typeof value === 'number' ? value : undefined;
  return (
    <Field id={id} label={label} error={error ?? undefined}>
      <div className="flex items-center gap-2">
        <input
          type="range"
          aria-label={t`${property.name} slider`}
          className="min-w-0 flex-1"
          min={property.min}
          max={Math.min(property.max, property.min + 2000)}
          step={property.step}
          value={numeric ?? property.min}
          onPointerDown={onDragStart}
          onKeyDown={onDragStart}
          onChange={(e) => onChange(property.name, Number(e.target.value), true)}
        />
        <FieldControl>
          <Input
            type="number"
            className="w-24"
            min={property.min}
            max={property.max}
            step={property.step}
            value={draft ?? (numeric === undefined ? '' : String(numeric))}
            onChange={(e) => setDraft(e.target.value)}
            onBlur={() => {
              if (draft === null) return;
              if (draft.trim() === '') onChange(property.name, null);
              else if (!error) onChange(property.name, Number(draft));
              if (!error || draft.trim() === '') setDraft(null);
            }}
          />
        </FieldControl>
        {property.unit && <span className="text-xs text-muted-foreground">{property.unit}</span>}
      </div>
    </Field>
  );
}
