import { useState } from 'react';
import type { MediaItem } from '@bursary/shared/media';

/**
 * Alternative texts typed and not yet saved, by image. The screen keeps them rather than the cards: the library builds
 * only the cards on and near the screen, so a card scrolled far away and back is built again and must find its text
 * as the editor left it.
 */
export interface AltDrafts {
  /** What an image's editor starts with: the text typed, unless the stored text changed since; else the stored text. */
  read: (item: MediaItem) => string;
  write: (item: MediaItem, text: string) => void;
}

export function useAltDrafts(): AltDrafts {
  const [drafts] = useState<AltDrafts>(() => {
    const typed = new Map<string, { over: string; text: string }>();
    return {
      read: (item) => {
        const draft = typed.get(item.name);
        return draft && draft.over === item.alt ? draft.text : item.alt;
      },
      write: (item, text) => {
        if (text === item.alt) typed.delete(item.name);
        else typed.set(item.name, { over: item.alt, text });
      },
    };
  });
  return drafts;
}
