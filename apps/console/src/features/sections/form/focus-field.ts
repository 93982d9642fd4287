import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { labelIdOf } from '@/components/fields/rich-text-input';

/** The rich-text editor loads on its own: the field to focus may appear a moment after the form. */
const WAIT_MS = 5_000;

/** A field's input: its own element, or the rich-text editor's editable area, which is labelled by the field. */
function fieldElement(name: string): HTMLElement | null {
  const id = `field-${CSS.escape(name)}`;
  return (
    document.querySelector<HTMLElement>(`[aria-labelledby="${labelIdOf(id)}"][contenteditable]`) ??
    document.getElementById(`field-${name}`)
  );
}

/**
 * `?field=name` in the edit screen's address (the Site health page links so) puts the cursor in that field and
 * scrolls it into view, so the editor lands where the problem is.
 */
export function useFocusFieldFromAddress(): void {
  const [params] = useSearchParams();
  const name = params.get('field');
  useEffect(() => {
    if (!name) return;
    const until = performance.now() + WAIT_MS;
    let frame = 0;
    const attempt = () => {
      const element = fieldElement(name);
      if (element) {
        element.focus({ preventScroll: true });
        element.scrollIntoView({ block: 'center' });
        return;
      }
      if (performance.now() < until) frame = requestAnimationFrame(attempt);
    };
    attempt();
    return () => cancelAnimationFrame(frame);
  }, [name]);
}
