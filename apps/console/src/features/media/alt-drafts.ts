import { useState } from 'react';

/**
 * Alternative texts typed and not yet saved, by image and language. The screen keeps them rather than the cards: the
 * library builds only the cards on and near the screen, so a card scrolled far away and back is built again and must
 * find its text as the editor left it.
 */
export interface AltDrafts {
  /**
   * What an editor starts with (`key`: the image and language it edits): the text typed, unless the stored text
   * changed since; else the stored text.
   */
  read: (key: string, stored: string) => string;
  write: (key: string, stored: string, text: string) => void;
}

export function useAltDrafts(): AltDrafts {
  const [drafts] = useState<AltDrafts>(() => {
    const typed = new Map<string, { over: string; text: string }>();
    return {
      read: (key, stored) => {
        const draft = typed.get(key);
        return draft && draft.over === stored ? draft.text : stored;
      },
      write: (key, stored, text) => {
        if (text === stored) typed.delete(key);
        else typed.set(key, { over: stored, text });
      },
    };
  });
  return drafts;
}
