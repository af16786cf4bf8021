import { msg, t } from '@lingui/core/macro';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toastError, toastInfo, toastSuccess } from '@/lib/toast';
import type { DesignDocument } from '@/lib/design/schema';
import { DraftConflictError, useSaveDraft, type Draft } from './api/design';
import {
  canRedo,
  canUndo,
  createHistory,
  currentEntry,
  pushHistory,
  redo as redoHistory,
  undo as undoHistory,
  type HistoryAction,
} from './logic/history';

export const VIEWPORTS = {
  desktop: { label: msg`Desktop`, width: 1200, height: 800 },
  tablet: { label: msg`Tablet`, width: 768, height: 1024 },
  mobile: { label: msg`Mobile`, width: 375, height: 667 },
} as const;
export type Viewport = keyof typeof VIEWPORTS;
export const ZOOM_LEVELS = [50, 75, 100, 125, 150, 200] as const;
export const AUTOSAVE_DELAY_MS = 2000;

/**
 * The largest zoom of the list at which a preview `width` px wide fits in `available` px (the
 * smallest one when none does), so the preview opens whole rather than cut off.
 */
export function fitZoom(width: number, available: number): number {
  const fitting = ZOOM_LEVELS.filter((level) => (width * level) / 100 <= available);
  return fitting.length ? fitting[fitting.length - 1] : ZOOM_LEVELS[0];
}

export interface SelectedElement {
  id: string;
  tag: string;
  className: string;
  path: string;
}

/** The designer's state: history of the design, selection, view settings and saving. */
export function useDesigner(draft: Draft) {
  const [history, setHistory] = useState(() => createHistory(draft.design));
  const [revision, setRevision] = useState(draft.revision);
  const [savedDesign, setSavedDesign] = useState(draft.design);
  const [conflict, setConflict] = useState<string | null>(null);
  const [selected, setSelected] = useState<SelectedElement | null>(null);
  const [editing, setEditing] = useState(true);
  const [viewport, setViewport] = useState<Viewport>('desktop');
  const [zoom, setZoom] = useState<number>(100);
  const [grid, setGrid] = useState(false);
  const [rulers, setRulers] = useState(false);
  const [locked, setLocked] = useState<string[]>([]);
  const save = useSaveDraft();

  const entry = currentEntry(history);
  const design = entry.design;
  const selectedId = entry.selectedId;

  const apply = useCallback(
    (action: HistoryAction, label: string, change: (design: DesignDocument) => DesignDocument, mergeKey?: string) =>
      setHistory((h) => {
        const top = currentEntry(h);
        return pushHistory(h, { action, label, design: change(top.design), selectedId: top.selectedId, mergeKey });
      }),
    [],
  );

  const select = useCallback((element: SelectedElement | null) => {
    setSelected(element);
    setHistory((h) => {
      const top = currentEntry(h);
      if (top.selectedId === (element?.id ?? null)) return h;
      return pushHistory(h, {
        action: 'select',
        label: element ? t`Select ${element.id}` : t`Clear selection`,
        design: top.design,
        selectedId: element?.id ?? null,
      });
    });
  }, []);

  const undo = useCallback(() => {
    if (!canUndo(history)) return;
    setHistory(undoHistory(history));
    toastInfo(t`Undid last action`);
  }, [history]);
  const redo = useCallback(() => {
    if (!canRedo(history)) return;
    setHistory(redoHistory(history));
    toastInfo(t`Redid action`);
  }, [history]);

  const saveNow = useCallback(
    async (options: { announce: boolean; baseRevision?: number } = { announce: true }) => {
      try {
        const next = await save.mutateAsync({ design, baseRevision: options.baseRevision ?? revision });
        setRevision(next);
        setSavedDesign(design);
        setConflict(null);
        if (options.announce) toastSuccess(t`Design saved successfully!`);
        return next;
      } catch (error) {
        if (error instanceof DraftConflictError) setConflict(error.message);
        else toastError(t`Failed to save the design`, error);
        return null;
      }
    },
    [design, revision, save],
  );

  // Autosave after a pause, unless someone else's save is waiting to be resolved.
  const dirty = design !== savedDesign && JSON.stringify(design) !== JSON.stringify(savedDesign);
  const saveRef = useRef(saveNow);
  useEffect(() => {
    saveRef.current = saveNow;
  });
  useEffect(() => {
    if (!dirty || conflict || save.isPending) return;
    const timer = setTimeout(() => void saveRef.current({ announce: false }), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [design, dirty, conflict, save.isPending]);

  /** Replaces the editor's state with the latest draft from the server (the conflict's "load theirs"). */
  const reload = useCallback((latest: Draft) => {
    setHistory(createHistory(latest.design));
    setRevision(latest.revision);
    setSavedDesign(latest.design);
    setConflict(null);
    setSelected(null);
  }, []);

  const toggleEditing = useCallback(() => {
    setEditing((on) => {
      if (on) setSelected(null);
      return !on;
    });
  }, []);

  return {
    design,
    history,
    selectedId: editing ? selectedId : null,
    selected: editing && selected?.id === selectedId ? selected : null,
    editing,
    toggleEditing,
    viewport,
    setViewport,
    zoom,
    setZoom,
    grid,
    setGrid,
    rulers,
    setRulers,
    locked,
    setLocked,
    apply,
    select,
    undo,
    redo,
    canUndo: canUndo(history),
    canRedo: canRedo(history),
    revision,
    dirty,
    saving: save.isPending,
    saveNow,
    conflict,
    reload,
  };
}

export type Designer = ReturnType<typeof useDesigner>;
