import { describe, expect, it } from 'vitest';
import { defaultDesign, type DesignDocument } from '@/lib/design/schema';
import { HISTORY_LIMIT, canRedo, canUndo, createHistory, currentEntry, pushHistory, redo, undo } from './history';

const withPrimary = (value: string): DesignDocument => ({
  ...defaultDesign(),
  tokens: { ...defaultDesign().tokens, primary: value },
});
const step = (value: string, mergeKey?: string) => ({
  action: 'tokenChange' as const,
  label: `primary ${value}`,
  design: withPrimary(value),
  selectedId: null,
  mergeKey,
});

describe('history', () => {
  it('undo and redo move between real snapshots', () => {
    let history = createHistory(defaultDesign());
    expect(canUndo(history)).toBe(false);
    history = pushHistory(history, step('1 1% 1%'));
    history = pushHistory(history, step('2 2% 2%'));
    history = undo(history);
    expect(currentEntry(history).design.tokens.primary).toBe('1 1% 1%');
    expect(canRedo(history)).toBe(true);
    history = redo(history);
    expect(currentEntry(history).design.tokens.primary).toBe('2 2% 2%');
    history = undo(undo(history));
    expect(currentEntry(history).design).toEqual(defaultDesign());
    expect(undo(history)).toBe(history);
  });

  it('a new action drops the redo tail', () => {
    let history = pushHistory(createHistory(defaultDesign()), step('1 1% 1%'));
    history = pushHistory(history, step('2 2% 2%'));
    history = pushHistory(undo(history), step('3 3% 3%'));
    expect(history.entries.map((e) => e.design.tokens.primary)).toEqual(['14 53% 36%', '1 1% 1%', '3 3% 3%']);
    expect(canRedo(history)).toBe(false);
  });

  it('merges steps with the same merge key (one slider drag) into one', () => {
    let history = createHistory(defaultDesign());
    for (const l of ['10', '20', '30']) history = pushHistory(history, step(`1 1% ${l}%`, 'drag-1'));
    history = pushHistory(history, step('2 2% 2%', 'drag-2'));
    expect(history.entries).toHaveLength(3);
    history = undo(history);
    expect(currentEntry(history).design.tokens.primary).toBe('1 1% 30%');
    history = undo(history);
    expect(currentEntry(history).design).toEqual(defaultDesign());
  });

  it('keeps at most 100 steps, dropping the oldest', () => {
    let history = createHistory(defaultDesign());
    for (let i = 0; i < 150; i += 1) history = pushHistory(history, step(`${i} 1% 1%`));
    expect(history.entries).toHaveLength(HISTORY_LIMIT);
    expect(history.entries[0].design.tokens.primary).toBe('50 1% 1%');
    expect(currentEntry(history).design.tokens.primary).toBe('149 1% 1%');
  });
});
