import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Download, Eye, Pencil, Redo2, Save, Undo2, Upload } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { toastSuccess, toastFailure } from '@/lib/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { NativeSelect, selectOptions } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { PreviewLayer } from '@/lib/design/preview-protocol';
import { cn } from '@/lib/utils';
import { designQueries, type Draft } from '../api/design';
import { exportDesign, exportFileName, importDesign } from '../logic/design-io';
import { fitZoom, VIEWPORTS, ZOOM_LEVELS, useDesigner, type Viewport } from '../use-designer';
import { ComponentLibrary, HomeBlocks } from './ComponentLibrary';
import { DesignTab } from './DesignTab';
import { downloadJson } from './download';
import { LayersTab } from './LayersTab';
import { PreviewFrame } from './PreviewFrame';
import { StylesTab, type ElementInfo } from './StylesTab';
import { TemplatesTab } from './TemplatesTab';
import { VersionsDialog } from './VersionsDialog';

const DESIGNER_TABS = [
  { value: 'styles', label: msg`Styles` },
  { value: 'design', label: msg`Design` },
  { value: 'components', label: msg`Components` },
  { value: 'layers', label: msg`Layers` },
  { value: 'templates', label: msg`Templates` },
] as const;

/** The Visual Designer screen: loads the draft, then edits it. */
export function VisualDesigner({ canPublish }: { canPublish: boolean }) {
  const draft = useQuery(designQueries.draft());
  if (draft.isPending)
    return (
      <p className="p-6 text-sm text-muted-foreground">
        <Trans>Loading the design…</Trans>
      </p>
    );
  if (draft.isError)
    return (
      <p className="p-6 text-sm text-destructive">
        <Trans>Failed to load the design draft.</Trans>
      </p>
    );
  return <DesignerScreen initial={draft.data} canPublish={canPublish} onReload={() => draft.refetch()} />;
}

function isTextField(target: EventTarget | null) {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable ||
      target instanceof HTMLTextAreaElement ||
      (target instanceof HTMLInputElement && target.type !== 'range'))
  );
}

function DesignerScreen({
  initial,
  canPublish,
  onReload,
}: {
  initial: Draft;
  canPublish: boolean;
  onReload: () => Promise<{ data?: Draft }>;
}) {
  const { t } = useLingui();
  const designer = useDesigner(initial);
  const [layers, setLayers] = useState<PreviewLayer[]>([]);
  const importInput = useRef<HTMLInputElement>(null);
  const previewArea = useRef<HTMLDivElement>(null);
  const { undo, redo, setZoom, viewport, rulers } = designer;

  // On open and on a change of viewport, the zoom that shows the whole preview width (the list's
  // levels only); the zoom select can change it afterwards.
  useLayoutEffect(() => {
    const area = previewArea.current;
    if (!area) return;
    const padding = 32 + (rulers ? 24 : 0);
    setZoom(fitZoom(VIEWPORTS[viewport].width, area.clientWidth - padding));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the viewport changes, not on ruler toggles
  }, [viewport, setZoom]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== 'z' || isTextField(event.target)) return;
      event.preventDefault();
      if (event.shiftKey) redo();
      else undo();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [undo, redo]);

  const layer = layers.find((l) => l.id === designer.selectedId);
  const element: ElementInfo | null = designer.selectedId
    ? {
        id: designer.selectedId,
        tag: layer?.tag ?? designer.selected?.tag ?? '',
        className: layer?.className ?? designer.selected?.className ?? '',
        path: designer.selected?.path ?? designer.selectedId,
      }
    : null;
  const { width, height } = VIEWPORTS[designer.viewport];
  const selectedPath = element?.path ?? t`none`;
  const historyStep = designer.history.index + 1;
  const historyLength = designer.history.entries.length;

  const onImport = async (file: File | undefined) => {
    if (!file) return;
    const result = importDesign(await file.text());
    if (importInput.current) importInput.current.value = '';
    if (!result.success) {
      toastFailure(t`Import failed`, result.errors.slice(0, 5).join('; '));
      return;
    }
    const fileName = file.name;
    designer.apply('import', t`Import ${fileName}`, () => result.design);
    toastSuccess(t`Design imported`);
  };

  return (
    <div className="flex min-h-[calc(100vh-8rem)] flex-col gap-3 lg:flex-row">
      <aside className="w-full shrink-0 rounded-lg border bg-card lg:w-[22rem]" aria-label={t`Visual Designer`}>
        <div className="space-y-3 border-b p-3">
          <div className="flex items-center justify-between">
            <h2 className="font-sans text-base font-semibold">
              <Trans>Visual Designer</Trans>
            </h2>
            <Badge variant={designer.editing ? 'default' : 'secondary'}>
              {designer.editing ? t`Editing` : t`Preview`}
            </Badge>
          </div>
          <div className="flex flex-wrap items-center gap-1">
            <Button size="sm" variant="outline" onClick={designer.toggleEditing} aria-pressed={designer.editing}>
              {designer.editing ? (
                <Eye className="h-4 w-4" aria-hidden="true" />
              ) : (
                <Pencil className="h-4 w-4" aria-hidden="true" />
              )}
              {designer.editing ? t`Preview` : t`Edit`}
            </Button>
            <Button
              size="icon"
              variant="outline"
              className="h-9 w-9"
              aria-label={t`Undo`}
              disabled={!designer.canUndo}
              onClick={undo}
            >
              <Undo2 className="h-4 w-4" aria-hidden="true" />
            </Button>
            <Button
              size="icon"
              variant="outline"
              className="h-9 w-9"
              aria-label={t`Redo`}
              disabled={!designer.canRedo}
              onClick={redo}
            >
              <Redo2 className="h-4 w-4" aria-hidden="true" />
            </Button>
          </div>
          <div className="flex gap-1" role="group" aria-label={t`Viewport`}>
            {(Object.keys(VIEWPORTS) as Viewport[]).map((v) => (
              <Button
                key={v}
                size="sm"
                variant={designer.viewport === v ? 'default' : 'outline'}
                aria-pressed={designer.viewport === v}
                onClick={() => designer.setViewport(v)}
              >
                {t(VIEWPORTS[v].label)}
              </Button>
            ))}
          </div>
          <div className="flex gap-4 text-sm">
            <label className="flex items-center gap-2">
              <Switch checked={designer.grid} onCheckedChange={designer.setGrid} aria-label={t`Grid`} />{' '}
              <Trans>Grid</Trans>
            </label>
            <label className="flex items-center gap-2">
              <Switch checked={designer.rulers} onCheckedChange={designer.setRulers} aria-label={t`Rulers`} />{' '}
              <Trans>Rulers</Trans>
            </label>
          </div>
        </div>
        <Tabs defaultValue="styles">
          <TabsList className="grid h-auto w-full grid-cols-5 p-1 text-xs">
            {/* five tabs on one row: small type, little padding */}
            {DESIGNER_TABS.map((tab) => (
              <TabsTrigger key={tab.value} value={tab.value} className="px-0.5 text-[0.6875rem]">
                {t(tab.label)}
              </TabsTrigger>
            ))}
          </TabsList>
          <div className="max-h-[70vh] overflow-y-auto">
            <TabsContent value="styles">
              <StylesTab designer={designer} element={element} />
            </TabsContent>
            <TabsContent value="design">
              <DesignTab designer={designer} />
            </TabsContent>
            <TabsContent value="components" className="space-y-4 p-3 text-sm">
              <ComponentLibrary designer={designer} />
              <section aria-label={t`Home page blocks`} className="space-y-2">
                <h3 className="font-sans text-sm font-semibold">
                  <Trans>On the home page</Trans>
                </h3>
                <HomeBlocks designer={designer} />
              </section>
            </TabsContent>
            <TabsContent value="layers">
              <LayersTab designer={designer} layers={layers} />
            </TabsContent>
            <TabsContent value="templates">
              <TemplatesTab designer={designer} />
            </TabsContent>
          </div>
        </Tabs>
      </aside>

      <div className="flex min-w-0 flex-1 flex-col gap-2">
        {designer.conflict && (
          <div role="alert" className="space-y-2 rounded-md border border-destructive bg-destructive/10 p-3 text-sm">
            <p>{designer.conflict}</p>
            <div className="flex gap-2">
              <Button
                size="sm"
                variant="outline"
                onClick={async () => {
                  const latest = await onReload();
                  if (latest.data) designer.reload(latest.data);
                }}
              >
                <Trans>Load their version (discard mine)</Trans>
              </Button>
              <Button
                size="sm"
                onClick={async () => {
                  const latest = await onReload();
                  if (latest.data) await designer.saveNow({ announce: true, baseRevision: latest.data.revision });
                }}
              >
                <Trans>Keep mine and save</Trans>
              </Button>
            </div>
          </div>
        )}
        <div className="flex flex-wrap items-center gap-2 rounded-lg border bg-card p-2">
          <label className="flex items-center gap-2 text-sm">
            <Trans>Zoom</Trans>
            <NativeSelect
              className="h-9 w-24"
              value={String(designer.zoom)}
              onChange={(e) => designer.setZoom(Number(e.target.value))}
              options={selectOptions(ZOOM_LEVELS, (z) => `${z}%`)}
            />
          </label>
          <span className="text-sm text-muted-foreground">
            {width} × {height}
          </span>
          <span className="text-xs text-muted-foreground" aria-live="polite">
            {designer.saving ? t`Saving…` : designer.dirty ? t`Unsaved changes` : t`Draft saved`}
          </span>
          <div className="ml-auto flex flex-wrap gap-2">
            <Button size="sm" onClick={() => void designer.saveNow()} disabled={designer.saving}>
              <Save className="h-4 w-4" aria-hidden="true" /> <Trans>Save</Trans>
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={() => {
                const now = new Date();
                downloadJson(
                  exportFileName(now),
                  exportDesign(designer.design, {
                    selectedElement: designer.selectedId,
                    viewport: designer.viewport,
                    now,
                  }),
                );
              }}
            >
              <Download className="h-4 w-4" aria-hidden="true" /> <Trans>Export</Trans>
            </Button>
            <Button size="sm" variant="outline" onClick={() => importInput.current?.click()}>
              <Upload className="h-4 w-4" aria-hidden="true" /> <Trans>Import</Trans>
            </Button>
            <input
              ref={importInput}
              type="file"
              accept="application/json,.json"
              className="hidden"
              aria-label={t`Design file`}
              onChange={(e) => void onImport(e.target.files?.[0])}
            />
            <VersionsDialog designer={designer} canPublish={canPublish} />
          </div>
        </div>
        <div
          ref={previewArea}
          className="flex-1 overflow-auto rounded-lg border bg-muted/40 p-4"
          role="region"
          aria-label={t`Page preview`}
          tabIndex={0}
        >
          <PreviewFrame
            design={designer.design}
            editing={designer.editing}
            selectedId={designer.selectedId}
            locked={designer.locked}
            viewport={designer.viewport}
            zoom={designer.zoom}
            grid={designer.grid}
            rulers={designer.rulers}
            onSelect={designer.select}
            onLayers={setLayers}
          />
        </div>
        <div
          className={cn('flex flex-wrap gap-x-4 gap-y-1 rounded-lg border bg-card px-3 py-1.5 font-mono text-xs')}
          aria-label={t`Status`}
        >
          <span>{t`Selected: ${selectedPath}`}</span>
          <span>{t`History ${historyStep}/${historyLength}`}</span>
          <span>{t(VIEWPORTS[designer.viewport].label)}</span>
          <span>{designer.zoom}%</span>
        </div>
      </div>
    </div>
  );
}
