import { lazy, Suspense } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import type { RichTextEditorProps } from './rich-text-editor';

// Quill and its styles load with the first screen that edits rich text, never before.
const Editor = lazy(() => import('./rich-text-editor'));

export type { RichTextEditorProps };

export function LazyRichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<Skeleton className="h-52 w-full" />}>
      <Editor {...props} />
    </Suspense>
  );
}
