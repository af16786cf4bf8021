import type { DesignDocument } from '@/lib/design/schema';

/**
 * Undo history of the designer: each entry is a full snapshot of the design and the selection,
 * so undo and redo really revert and re-apply. A new action drops the redo tail; consecutive
 * actions with the same merge key (one slider drag, one text being typed) become one step.
 */
export type HistoryAction =
  'initial' | 'select' | 'styleChange' | 'tokenChange' | 'template' | 'import' | 'block' | 'reset';

export interface HistoryEntry {
  action: HistoryAction;
  label: string;
  design: DesignDocument;
  selectedId: string | null;
  mergeKey?: string;
}

export interface History {
  entries: HistoryEntry[];
  index: number;
}

export const HISTORY_LIMIT = 100;

export function createHistory(design: DesignDocument): History {
  return { entries: [{ action: 'initial', label: 'Loaded design', design, selectedId: null }], index: 0 };
}

export function currentEntry(history: History): HistoryEntry {
  return history.entries[history.index];
}

export function pushHistory(history: History, entry: HistoryEntry): History {
  const kept = history.entries.slice(0, history.index + 1);
  const top = kept[kept.length - 1];
  if (entry.mergeKey && top.mergeKey === entry.mergeKey && kept.length > 1) {
    kept[kept.length - 1] = entry;
    return { entries: kept, index: kept.length - 1 };
  }
  const entries = [...kept, entry].slice(-HISTORY_LIMIT);
  return { entries, index: entries.length - 1 };
}

export const canUndo = (history: History) => history.index > 0;
export const canRedo = (history: History) => history.index < history.entries.length - 1;

export function undo(history: History): History {
  return canUndo(history) ? { ...history, index: history.index - 1 } : history;
}

export function redo(history: History): History {
  return canRedo(history) ? { ...history, index: history.index + 1 } : history;
}
