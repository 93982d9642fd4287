import { LazyRichTextEditor } from '@/components/rich-text';

export interface RichTextInputProps {
  id: string;
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  invalid?: boolean;
  describedBy?: string;
}

export const labelIdOf = (id: string) => `${id}-label`;

/** Rich text: the lazily loaded Quill editor, named by the field's visible label. */
export function RichTextInput({ id, ...props }: RichTextInputProps) {
  return <LazyRichTextEditor labelledBy={labelIdOf(id)} {...props} />;
}
