import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { PREVIEW_PARAM, type FromPreview, type PreviewLayer, type ToPreview } from '@/lib/design/preview-protocol';
import type { DesignDocument } from '@/lib/design/schema';
import { Badge } from '@/components/ui/badge';
import { VIEWPORTS, type SelectedElement, type Viewport } from '../use-designer';

export const GRID_CELL_PX = 20;
export const RULER_TICK_PX = 50;

/** The home page in a same-origin frame, showing the draft, scaled by zoom. */
export function PreviewFrame({
  design,
  editing,
  selectedId,
  locked,
  viewport,
  zoom,
  grid,
  rulers,
  onSelect,
  onLayers,
}: {
  design: DesignDocument;
  editing: boolean;
  selectedId: string | null;
  locked: string[];
  viewport: Viewport;
  zoom: number;
  grid: boolean;
  rulers: boolean;
  onSelect: (element: SelectedElement) => void;
  onLayers: (layers: PreviewLayer[]) => void;
}) {
  const { t } = useLingui();
  const frame = useRef<HTMLIFrameElement>(null);
  const state = useRef<ToPreview | null>(null);
  const handlers = useRef({ onSelect, onLayers });
  useEffect(() => {
    handlers.current = { onSelect, onLayers };
  });

  const send = () => frame.current?.contentWindow?.postMessage(state.current, window.location.origin);
  useEffect(() => {
    state.current = { type: 'design:state', design, editing, selectedId, locked };
    send();
  }, [design, editing, selectedId, locked]);

  useEffect(() => {
    const onMessage = (event: MessageEvent<FromPreview>) => {
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow) return;
      const message = event.data;
      if (message?.type === 'design:ready') send();
      if (message?.type === 'design:layers') handlers.current.onLayers(message.layers);
      if (message?.type === 'design:select') {
        handlers.current.onSelect({
          id: message.id,
          tag: message.tag,
          className: message.className,
          path: message.path,
        });
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  const { width, height } = VIEWPORTS[viewport];
  const scale = zoom / 100;
  const ticks = (length: number) =>
    Array.from({ length: Math.floor(length / RULER_TICK_PX) + 1 }, (_, i) => i * RULER_TICK_PX);

  return (
    <div className="space-y-1.5">
      {/* the size and the Edit Mode tag sit above the page, never over its content */}
      <div className="flex items-center gap-2" aria-live="polite">
        <Badge variant="secondary">
          {width}×{height}
        </Badge>
        {editing && (
          <Badge className="bg-blue-700 text-white">
            <Trans>Edit Mode</Trans>
          </Badge>
        )}
      </div>
      <div
        className="relative"
        style={{ width: width * scale + (rulers ? 24 : 0), height: height * scale + (rulers ? 24 : 0) }}
      >
        {rulers && (
          <>
            <div
              aria-hidden="true"
              className="absolute left-6 top-0 h-6 bg-muted text-[10px]"
              style={{ width: width * scale }}
            >
              {ticks(width).map((x) => (
                <span
                  key={x}
                  className="absolute top-0 h-6 border-l border-foreground/40 pl-0.5"
                  style={{ left: x * scale }}
                >
                  {x}
                </span>
              ))}
            </div>
            <div
              aria-hidden="true"
              className="absolute left-0 top-6 w-6 bg-muted text-[10px]"
              style={{ height: height * scale }}
            >
              {ticks(height).map((y) => (
                <span key={y} className="absolute left-0 w-6 border-t border-foreground/40" style={{ top: y * scale }}>
                  {y}
                </span>
              ))}
            </div>
          </>
        )}
        <div
          className="absolute overflow-hidden rounded-md border bg-background shadow"
          style={{ left: rulers ? 24 : 0, top: rulers ? 24 : 0, width: width * scale, height: height * scale }}
        >
          <iframe
            ref={frame}
            title={t`Home page preview`}
            src={`/?${PREVIEW_PARAM}=1`}
            style={{ width, height, transform: `scale(${scale})`, transformOrigin: '0 0', border: 0 }}
          />
          {grid && (
            <div
              aria-hidden="true"
              data-testid="designer-grid"
              className="pointer-events-none absolute inset-0"
              style={{
                backgroundSize: `${GRID_CELL_PX * scale}px ${GRID_CELL_PX * scale}px`,
                backgroundImage:
                  'linear-gradient(to right, hsl(210 80% 50% / 0.15) 1px, transparent 1px), linear-gradient(to bottom, hsl(210 80% 50% / 0.15) 1px, transparent 1px)',
              }}
            />
          )}
        </div>
      </div>
    </div>
  );
}
