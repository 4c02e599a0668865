import { describe, expect, it } from 'vitest';
import { batchedWrites } from '../../src/delivery/batched-writes.js';

describe('batchedWrites', () => {
  it('writes items that arrive together in one call, in order, each getting its own result', async () => {
    const calls: number[][] = [];
    const write = batchedWrites(async (batch: number[]) => (calls.push(batch), batch.map((n) => n * 10)), 5, 3);
    const results = await Promise.all([1, 2, 3, 4].map((n) => write(n)));
    expect(results).toEqual([10, 20, 30, 40]);
    expect(calls).toEqual([[1, 2, 3], [4]]);
  });

  it('tries a failed batch again, and rejects each item after the third failure', async () => {
    let calls = 0;
    const flaky = batchedWrites(async (batch: string[]) => {
      calls += 1;
      if (calls < 3) throw new Error('deadlock detected');
      return batch.map((s) => s.toUpperCase());
    }, 1, 10);
    expect(await Promise.all([flaky('a'), flaky('b')])).toEqual(['A', 'B']);
    expect(calls).toBe(3);

    const broken = batchedWrites(async (): Promise<string[]> => {
      throw new Error('down');
    }, 1, 10);
    await expect(Promise.all([broken('a'), broken('b')])).rejects.toThrow('down');
  });
});
