import type * as React from 'react';
import { createContext, useContext, useEffect, useRef, useState } from 'react';
import { UNSAVED_CHANGES_QUESTION } from './unsaved-changes';

/**
 * What an edit screen's form tells the controls around it of the edits not saved yet: the banner's 'Schedule' keeps
 * them waiting for the schedule rather than leaving them to a save that would publish them at once, and the
 * 'Language' switcher asks before it drops them.
 */
export interface UnsavedEdits {
  dirty: () => boolean;
  /** Saves the edits as changes waiting for a publish; false when they were not saved (the form says why). */
  keepWaiting: () => Promise<boolean>;
}

/** Where the shown form offers its edits: `offer` answers how to take them back when the form goes. */
interface Slot {
  shown: () => UnsavedEdits | null;
  offer: (edits: UnsavedEdits) => () => void;
}

function emptySlot(): Slot {
  let shown: UnsavedEdits | null = null;
  return {
    shown: () => shown,
    offer: (edits) => {
      shown = edits;
      return () => {
        if (shown === edits) shown = null;
      };
    },
  };
}

const UnsavedEditsSlot = createContext<Slot | null>(null);

/** Around an edit screen's form and the controls beside it: the form that is shown fills the slot. */
export function UnsavedEditsProvider({ children }: { children: React.ReactNode }) {
  const [slot] = useState(emptySlot);
  return <UnsavedEditsSlot value={slot}>{children}</UnsavedEditsSlot>;
}

/** The shown form's unsaved edits, read when asked (so typing does not re-render the controls around it). */
export function useUnsavedEdits(): () => UnsavedEdits | null {
  const slot = useContext(UnsavedEditsSlot);
  return () => slot?.shown() ?? null;
}

/** Called by a form on every render, so the slot holds its latest state; emptied when the form goes. */
export function useOfferUnsavedEdits(edits: UnsavedEdits): void {
  const slot = useContext(UnsavedEditsSlot);
  const latest = useRef(edits);
  useEffect(() => {
    latest.current = edits;
  });
  useEffect(() => {
    if (!slot) return undefined;
    const offered: UnsavedEdits = {
      dirty: () => latest.current.dirty(),
      keepWaiting: () => latest.current.keepWaiting(),
    };
    return slot.offer(offered);
  }, [slot]);
}

/**
 * A change that drops what the shown form holds (another language) asks first, with the question leaving a screen
 * asks; true when it may go ahead.
 */
export function useMayDropUnsavedEdits(): () => boolean {
  const edits = useUnsavedEdits();
  return () => !edits()?.dirty() || window.confirm(UNSAVED_CHANGES_QUESTION);
}
