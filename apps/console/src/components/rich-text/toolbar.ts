/**
 * The rich-text toolbar, exactly: fonts (sans-serif, serif, monospace), headers 1–6 or normal,
 * bold/italic/underline/strike, text and background colour, ordered and bullet lists, alignment,
 * link and image, clear formatting.
 */
export const RICH_TEXT_TOOLBAR = [
  [{ font: [] }],
  [{ header: [1, 2, 3, 4, 5, 6, false] }],
  ['bold', 'italic', 'underline', 'strike'],
  [{ color: [] }, { background: [] }],
  [{ list: 'ordered' }, { list: 'bullet' }],
  [{ align: [] }],
  ['link', 'image'],
  ['clean'],
];

/** Names for Quill's icon-only controls, which come without any (every control needs one). */
const CONTROL_NAMES: Record<string, string> = {
  font: 'Font',
  header: 'Heading',
  bold: 'Bold',
  italic: 'Italic',
  underline: 'Underline',
  strike: 'Strikethrough',
  color: 'Text colour',
  background: 'Background colour',
  align: 'Alignment',
  link: 'Link',
  image: 'Image',
  clean: 'Clear formatting',
};

export function nameToolbarControls(toolbar: Element): void {
  for (const button of toolbar.querySelectorAll<HTMLButtonElement>('button')) {
    const format = [...button.classList].find((c) => c.startsWith('ql-'))?.slice(3) ?? '';
    const name =
      format === 'list' ? (button.value === 'ordered' ? 'Ordered list' : 'Bullet list') : CONTROL_NAMES[format];
    if (name) button.setAttribute('aria-label', name);
  }
  for (const picker of toolbar.querySelectorAll<HTMLElement>('.ql-picker')) {
    const format =
      [...picker.classList].find((c) => c.startsWith('ql-') && c !== 'ql-picker' && !c.endsWith('-picker'))?.slice(3) ??
      '';
    const label = picker.querySelector('.ql-picker-label');
    const name = CONTROL_NAMES[format];
    if (label && name) label.setAttribute('aria-label', name);
    for (const item of picker.querySelectorAll<HTMLElement>('.ql-picker-item')) {
      const value = item.getAttribute('data-value');
      item.setAttribute('aria-label', value ? `${name ?? format} ${value}` : `${name ?? format} default`);
    }
  }
}

/** Quill's link tooltip has one text input and no label for it: it gets the name its prompt shows. */
export function nameLinkInput(host: Element): void {
  host.querySelector('.ql-tooltip input[type="text"]')?.setAttribute('aria-label', 'Link address');
}
