import { describe, expect, it } from 'vitest';
import { keepUnchanged } from '../../web/src/model/keep-unchanged.js';

const item = (id: string, title = `Task ${id}`, dueAt: string | null = null) => ({ id, title, dueAt });

describe('a list fetched again keeps what did not change', () => {
  it('keeps the old array when every item is equal and in the same order', () => {
    const before = [item('1'), item('2', 'Two', '2026-11-30T08:00:00.000Z')];
    const after = [item('1'), item('2', 'Two', '2026-11-30T08:00:00.000Z')];
    expect(keepUnchanged(before, after)).toBe(before);
  });

  it('gives a new array with the unchanged items’ old objects and the changed items’ new ones', () => {
    const before = [item('1'), item('2'), item('3')];
    const after = [item('1'), item('2', 'Renamed'), item('3')];
    const kept = keepUnchanged(before, after);
    expect(kept).not.toBe(before);
    expect(kept).toEqual(after);
    expect(kept[0]).toBe(before[0]);
    expect(kept[1]).toBe(after[1]);
    expect(kept[2]).toBe(before[2]);
  });

  it('sees an item added, removed or moved as a change of the list, keeping the items themselves', () => {
    const before = [item('1'), item('2')];
    const added = keepUnchanged(before, [item('1'), item('2'), item('3')]);
    expect(added).not.toBe(before);
    expect(added[1]).toBe(before[1]);
    const removed = keepUnchanged(before, [item('2')]);
    expect(removed).toEqual([item('2')]);
    expect(removed[0]).toBe(before[1]);
    const moved = keepUnchanged(before, [item('2'), item('1')]);
    expect(moved).not.toBe(before);
    expect(moved).toEqual([before[1], before[0]]);
    expect(moved[0]).toBe(before[1]);
  });

  it('takes the fetched list as it is when there was none before', () => {
    const after = [item('1')];
    expect(keepUnchanged([], after)).toBe(after);
  });
});
