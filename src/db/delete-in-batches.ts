/**
 * Runs `deleteBatch` (which deletes at most `batchSize` rows and answers how many it did) until a batch
 * comes back short or `maxBatches` ran: short statements keep SQLite's write lock free for others, and
 * the bound keeps one run's work finite (the next run goes on where it stopped).
 */
export async function deleteInBatches(
  deleteBatch: (batchSize: number) => Promise<number>,
  limits: { batchSize: number; maxBatches: number },
): Promise<number> {
  let deleted = 0;
  for (let batch = 0; batch < limits.maxBatches; batch += 1) {
    const count = await deleteBatch(limits.batchSize);
    deleted += count;
    if (count < limits.batchSize) break;
  }
  return deleted;
}
