import type { Room } from './attempt-pool.js';
import type { EndpointClaim } from './claim-due-deliveries.js';

/** At most this many endpoints are claimed for in one statement. */
const ENDPOINTS_PER_CLAIM = 32;

/**
 * The endpoints that may have due deliveries, least recently claimed for first: filled by fan-out (its
 * new deliveries) and by discovery (every endpoint with pending ones), emptied as claims find nothing
 * more due. Claims go endpoint by endpoint, so a backlog of one never stands in the way of another.
 */
export interface DueEndpoints {
  add(endpointIds: Iterable<bigint>): void;
  /** What to ask the next claim for, within the pool's room, leaving out `skip`. */
  nextClaims(room: Room, skip: ReadonlySet<string>): EndpointClaim[];
  /** After a claim: drained endpoints leave, the others go to the back of the line. */
  claimed(asked: EndpointClaim[], drained: bigint[]): void;
  readonly size: number;
}

export function createDueEndpoints(): DueEndpoints {
  // A Map keeps insertion order: re-inserting moves an endpoint to the back.
  const line = new Map<string, bigint>();
  return {
    add(endpointIds) {
      for (const id of endpointIds) if (!line.has(String(id))) line.set(String(id), id);
    },
    nextClaims(room, skip) {
      const claims: EndpointClaim[] = [];
      let budget = room.limit;
      for (const [key, endpointId] of line) {
        if (claims.length >= ENDPOINTS_PER_CLAIM || budget <= 0) break;
        const limit = Math.min(room.freeSlots(endpointId), budget);
        if (limit <= 0 || skip.has(key)) continue;
        claims.push({ endpointId, limit });
        budget -= limit;
      }
      return claims;
    },
    claimed(asked, drained) {
      const empty = new Set(drained.map(String));
      for (const { endpointId } of asked) {
        const key = String(endpointId);
        line.delete(key);
        if (!empty.has(key)) line.set(key, endpointId);
      }
    },
    get size() {
      return line.size;
    },
  };
}
