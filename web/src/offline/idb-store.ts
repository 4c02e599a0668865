import { memoryQueueStore, type QueuedCreate, type QueueStore } from './offline-queue.js';

const DATABASE = 'tickler';
const STORE = 'queued-creates';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function open(): Promise<IDBDatabase> {
  const req = indexedDB.open(DATABASE, 1);
  req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: 'key' });
  return request(req);
}

/** Queued creates in IndexedDB, so they survive a reload or a closed tab while offline. */
export function indexedDbQueueStore(): QueueStore {
  if (typeof indexedDB === 'undefined') return memoryQueueStore();
  const database = open();
  const run = async <T>(mode: IDBTransactionMode, action: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> => {
    const db = await database;
    return request(action(db.transaction(STORE, mode).objectStore(STORE)));
  };
  return {
    all: () => run('readonly', (store) => store.getAll() as IDBRequest<QueuedCreate[]>),
    put: async (item) => void (await run('readwrite', (store) => store.put(item))),
    delete: async (key) => void (await run('readwrite', (store) => store.delete(key))),
  };
}
