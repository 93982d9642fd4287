import { lazy, Suspense, useEffect, useState } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import type * as EditorCode from './rich-text-editor';
import type { RichTextEditorProps } from './rich-text-editor';

type EditorModule = typeof EditorCode;

// Quill and its styles load with the first screen that edits rich text, never before.
let loading: Promise<EditorModule> | null = null;
let loaded: EditorModule | null = null;
const loadEditor = (): Promise<EditorModule> =>
  (loading ??= import('./rich-text-editor').then((module) => (loaded = module)));
const Editor = lazy(loadEditor);

export type { RichTextEditorProps };

/**
 * True once the editor's code is here (at once when `needed` is false); starts loading it on mount. A form waits
 * for it so that its fields and buttons appear in their places together: the editor, taller than its placeholder
 * where the toolbar wraps, would otherwise push the buttons below it down while the pointer is on its way to them.
 */
export function useRichTextEditorReady(needed: boolean): boolean {
  const [ready, setReady] = useState(() => !needed || loaded !== null);
  useEffect(() => {
    if (ready) return undefined;
    let mounted = true;
    // a failed load is left to the editor's own Suspense boundary and the screen's error view
    const done = () => mounted && setReady(true);
    loadEditor().then(done, done);
    return () => {
      mounted = false;
    };
  }, [ready]);
  return ready;
}

export function LazyRichTextEditor(props: RichTextEditorProps) {
  // chosen once per field: switching from the lazy wrapper to the loaded component would build a second editor
  const [Loaded] = useState(() => loaded?.default ?? null);
  if (Loaded) return <Loaded {...props} />;
  return (
    <Suspense fallback={<Skeleton className="h-52 w-full" />}>
      <Editor {...props} />
    </Suspense>
  );
}
