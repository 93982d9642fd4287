import { useState } from 'react';
import type { Locale } from '@bursary/shared';
import type { MediaItem } from '@bursary/shared/media';
import { MEDIA_ALT_MAX_LENGTH } from '@bursary/shared/media';
import { ALT_TEXT_LABEL } from '@/components/fields/alt-text-input';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toastFailure } from '@/lib/failure-toast';
import { useUpdateMedia } from '@/lib/media-api';
import { toast } from '@/lib/toast';
import type { AltDrafts } from './alt-drafts';
import { mediaLabel } from '@/lib/media-label';
import { altTextIn } from './alt-in-language';

interface AltTextEditorProps {
  item: MediaItem;
  /** The page's one hint on what good alternative text is. */
  hintId: string;
  /** Where the text typed is kept until it is saved. */
  drafts: AltDrafts;
  /** The language whose text it edits, with two or more languages; the default language's otherwise. */
  language?: Locale | undefined;
}

/**
 * An image's alternative text in one language, edited where the image is shown and saved on its own (Save or
 * Enter). The screen keys it by the language and the stored text, so a saved or newly read text starts it again.
 */
export function AltTextEditor({ item, hintId, drafts, language }: AltTextEditorProps) {
  const stored = altTextIn(item, language);
  const draftKey = `${item.name} ${language?.code ?? ''}`;
  const [text, setText] = useState(() => drafts.read(draftKey, stored));
  const update = useUpdateMedia();
  const id = `alt-${item.name}`;
  const changed = text.trim() !== stored;
  // in another language the label names it; the default language's keeps the words it has with one language
  const inOther = language && !language.default ? language : undefined;

  const save = () => {
    if (!changed) return;
    update.mutate(
      {
        name: item.name,
        patch: { alt: text.trim() },
        ...(language ? { language: { code: language.code, isDefault: language.default } } : {}),
      },
      {
        onSuccess: () => toast({ title: 'Alternative text saved' }),
        onError: (error) => toastFailure('Alternative text not saved', error),
      },
    );
  };

  return (
    <form
      className="grid gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <Label htmlFor={id}>{inOther ? `${ALT_TEXT_LABEL} (${inOther.name})` : ALT_TEXT_LABEL}</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          lang={language?.code}
          value={text}
          maxLength={MEDIA_ALT_MAX_LENGTH}
          aria-describedby={hintId}
          onChange={(event) => {
            setText(event.target.value);
            drafts.write(draftKey, stored, event.target.value);
          }}
        />
        <Button
          type="submit"
          variant="outline"
          disabled={!changed}
          loading={update.isPending}
          aria-label={`Save the alternative text of ${mediaLabel(item)}${inOther ? ` in ${inOther.name}` : ''}`}
        >
          Save
        </Button>
      </div>
    </form>
  );
}
