import { useEffect, useRef } from 'react';

/**
 * Unsaved form input kept across an expired session: when a call that
 * carried the token gets 401, every mounted form that holds unsaved input is saved here, the
 * session ends, and after signing in again the editor returns to the same path and the form
 * restores its values. Files cannot be stored, so image fields must be picked again.
 */
const DRAFT_PREFIX = 'draft:';
const RETURN_PATH_KEY = 'draft-return-path';

export type DraftValues = Record<string, unknown>;

/** The values as stored: files cannot be kept, so they are left out. */
function serialize(values: DraftValues): string {
  return JSON.stringify(Object.fromEntries(Object.entries(values).filter(([, v]) => !(v instanceof Blob))));
}

function saveDraft(key: string, values: DraftValues): void {
  localStorage.setItem(DRAFT_PREFIX + key, serialize(values));
}

/** Returns the draft saved under `key` and forgets it, so it is restored once only. */
export function takeDraft(key: string): DraftValues | null {
  const raw = localStorage.getItem(DRAFT_PREFIX + key);
  if (raw === null) return null;
  localStorage.removeItem(DRAFT_PREFIX + key);
  try {
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === 'object' && parsed !== null ? (parsed as DraftValues) : null;
  } catch {
    return null;
  }
}

export function setReturnPath(path: string): void {
  localStorage.setItem(RETURN_PATH_KEY, path);
}

/** The path to go back to after signing in, if a draft was kept there. */
export function peekReturnPath(): string | null {
  const path = localStorage.getItem(RETURN_PATH_KEY);
  // Only a path of this console: never another origin.
  return path && path.startsWith('/') && !path.startsWith('//') ? path : null;
}

/** Called once the signed-in frame is shown, so the return path is used one time only. */
export function clearReturnPath(): void {
  localStorage.removeItem(RETURN_PATH_KEY);
}

interface DraftSource {
  isDirty: () => boolean;
  getValues: () => DraftValues;
}

const mountedForms = new Map<string, DraftSource>();

/** Saves every mounted form holding unsaved input; true when at least one was saved. */
export function saveDirtyDrafts(): boolean {
  let saved = false;
  for (const [key, source] of mountedForms) {
    if (!source.isDirty()) continue;
    saveDraft(key, source.getValues());
    saved = true;
  }
  return saved;
}

export interface UseDraftOptions<T extends DraftValues> {
  /**
   * True while the form holds input that is not saved yet. The values are also compared with
   * those the form had when it mounted, because a form library's own flag can be stale outside
   * render (react-hook-form only tracks `formState.isDirty` once a render has read it).
   */
  isDirty: () => boolean;
  getValues: () => T;
  /** Called once on mount with a kept draft, e.g. react-hook-form's `reset(values, { keepDefaultValues: true })`. */
  restore: (values: Partial<T>) => void;
}

/**
 * Registers a form so its unsaved input survives an expired session, and restores a kept draft
 * on mount. `key` names the form; the current path is a good choice (`location.pathname`).
 */
export function useDraft<T extends DraftValues>(key: string, options: UseDraftOptions<T>): void {
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  useEffect(() => {
    const initial = serialize(latest.current.getValues());
    const draft = takeDraft(key);
    if (draft) latest.current.restore(draft as Partial<T>);
    mountedForms.set(key, {
      isDirty: () => latest.current.isDirty() || serialize(latest.current.getValues()) !== initial,
      getValues: () => latest.current.getValues(),
    });
    return () => {
      mountedForms.delete(key);
    };
  }, [key]);
}
