import { createContext, useContext } from 'react';

/** What a list screen tells the windowed view inside it about the whole list the view shows a part of. */
export interface ListWindowScope {
  /** Changes with each new search or filter: the view starts again from its first record. */
  restartKey: string;
  /**
   * How many records the list has in all, when that is more than the view was given (a list read a page at a
   * time); -1 when not known. Screen readers announce it as the list's size.
   */
  total?: number | undefined;
  /** Reads more records; called while the view is near the end of those it was given and more can be read. */
  onNearEnd?: (() => void) | undefined;
}

export const ListWindowContext = createContext<ListWindowScope>({ restartKey: '' });

export function useListWindowScope(): ListWindowScope {
  return useContext(ListWindowContext);
}
