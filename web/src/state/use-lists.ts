import { useCallback, useEffect, useState } from 'preact/hooks';
import { listLists } from '../api/lists.js';
import type { TaskList } from '../api/types.js';

export interface ListsState {
  lists: TaskList[];
  refresh(): Promise<void>;
}

/** The lists the person is in, fetched once and again whenever asked (after a change to them). */
export function useLists(onProblem: (error: unknown) => void): ListsState {
  const [lists, setLists] = useState<TaskList[]>([]);
  const refresh = useCallback(async () => {
    try {
      setLists(await listLists());
    } catch (error) {
      onProblem(error);
    }
  }, []);
  useEffect(() => void refresh(), [refresh]);
  return { lists, refresh };
}
