import type { Db } from '../db/database.js';

/** Deliveries waiting for an attempt (first or retry), across every endpoint: the webhook backlog. */
export async function countPendingDeliveries(db: Db): Promise<number> {
  const [row] = await db.$queryRawUnsafe<Array<{ pending: bigint | number }>>(
    "SELECT COUNT(*) AS pending FROM webhook_deliveries WHERE state = 'pending'",
  );
  return Number(row?.pending ?? 0);
}
