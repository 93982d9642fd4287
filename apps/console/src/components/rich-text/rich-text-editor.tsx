import { useEffect, useRef } from 'react';
import Quill from 'quill';
import 'quill/dist/quill.snow.css';
import './rich-text-theme.css';
import { cn } from '@/lib/utils';
import { nameLinkInput, nameToolbarControls, RICH_TEXT_TOOLBAR } from './toolbar';

export interface RichTextEditorProps {
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  /** The id of the visible label, which names the editing area. */
  labelledBy: string;
  describedBy?: string;
  invalid?: boolean;
}

/** Quill's reading of an empty document. */
const isBlank = (html: string) => html === '' || html === '<p><br></p>';

/**
 * The rich-text editor: Quill 2 with the toolbar of ./toolbar.ts. Quill's own image button embeds the
 * picked file as a data URL; nothing is uploaded. Loaded only by screens that edit rich text.
 */
export default function RichTextEditor({
  value,
  onChange,
  onBlur,
  labelledBy,
  describedBy,
  invalid,
}: RichTextEditorProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const quillRef = useRef<Quill | null>(null);
  const emitted = useRef<string | null>(null);
  const callbacks = useRef({ onChange, onBlur });
  useEffect(() => {
    callbacks.current = { onChange, onBlur };
  });

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const container = host.appendChild(document.createElement('div'));
    const quill = new Quill(container, { theme: 'snow', modules: { toolbar: RICH_TEXT_TOOLBAR } });
    quillRef.current = quill;
    const toolbar = host.querySelector('.ql-toolbar');
    if (toolbar) nameToolbarControls(toolbar);
    nameLinkInput(host);
    quill.root.setAttribute('role', 'textbox');
    quill.root.setAttribute('aria-multiline', 'true');
    quill.root.setAttribute('aria-labelledby', labelledBy);
    if (describedBy) quill.root.setAttribute('aria-describedby', describedBy);
    quill.on('text-change', () => {
      const html = isBlank(quill.root.innerHTML) ? '' : quill.root.innerHTML;
      emitted.current = html;
      callbacks.current.onChange(html);
    });
    quill.root.addEventListener('blur', () => callbacks.current.onBlur?.());
    return () => {
      quillRef.current = null;
      emitted.current = null;
      host.replaceChildren();
    };
  }, [labelledBy, describedBy]);

  // A value from outside (the record loaded, a draft restored) replaces the document; the
  // editor's own changes come back through here unchanged and are left alone.
  useEffect(() => {
    const quill = quillRef.current;
    if (!quill || value === emitted.current) return;
    emitted.current = value;
    quill.setContents(quill.clipboard.convert({ html: value }), 'silent');
  }, [value]);

  useEffect(() => {
    quillRef.current?.root.setAttribute('aria-invalid', invalid ? 'true' : 'false');
  }, [invalid]);

  // The host's class carries the console's colours and text size into Quill (./rich-text-theme.css).
  // Quill's stylesheet gives its container the host's full height; below the toolbar that overflows
  // onto whatever follows the editor (the form's buttons on a narrow screen, where the toolbar wraps);
  // important, as Quill's unlayered stylesheet outranks the utilities layer
  return (
    <div
      ref={hostRef}
      className={cn(
        'rich-text rounded-md bg-background text-sm [&_.ql-container]:h-auto! [&_.ql-editor]:min-h-40',
        invalid && '[&_.ql-container]:border-destructive!',
      )}
    />
  );
}
