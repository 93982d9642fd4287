import { useState } from 'react';
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

interface AltTextEditorProps {
  item: MediaItem;
  /** The page's one hint on what good alternative text is. */
  hintId: string;
  /** Where the text typed is kept until it is saved. */
  drafts: AltDrafts;
}

/**
 * An image's alternative text, edited where the image is shown and saved on its own (Save or Enter). The screen keys
 * it by the stored text, so a saved or newly read text starts it again.
 */
export function AltTextEditor({ item, hintId, drafts }: AltTextEditorProps) {
  const [text, setText] = useState(() => drafts.read(item));
  const update = useUpdateMedia();
  const id = `alt-${item.name}`;
  const changed = text.trim() !== item.alt;

  const save = () => {
    if (!changed) return;
    update.mutate(
      { name: item.name, patch: { alt: text.trim() } },
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
      <Label htmlFor={id}>{ALT_TEXT_LABEL}</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          value={text}
          maxLength={MEDIA_ALT_MAX_LENGTH}
          aria-describedby={hintId}
          onChange={(event) => {
            setText(event.target.value);
            drafts.write(item, event.target.value);
          }}
        />
        <Button
          type="submit"
          variant="outline"
          disabled={!changed}
          loading={update.isPending}
          aria-label={`Save the alternative text of ${mediaLabel(item)}`}
        >
          Save
        </Button>
      </div>
    </form>
  );
}
