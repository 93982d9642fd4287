import { useId, useState } from 'react';
import { Check, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import type { SubItemTexts } from '../descriptor/sub-item-texts';

interface SubItemAddBoxProps {
  texts: SubItemTexts;
  pending: boolean;
  onCancel: () => void;
  /** Sends the trimmed text; `done` clears the box once the item is added. */
  onConfirm: (text: string, done: () => void) => void;
}

/** The new-item box of a sub-item editor. */
export function SubItemAddBox({ texts, pending, onCancel, onConfirm }: SubItemAddBoxProps) {
  const [text, setText] = useState('');
  const [blank, setBlank] = useState(false);
  const messageId = useId();
  const trimmed = text.trim();

  const confirm = () => {
    if (trimmed === '') {
      setBlank(true);
      return;
    }
    onConfirm(trimmed, () => setText(''));
  };

  return (
    <div className="grid gap-2 rounded-md border border-dashed p-3">
      <div className="flex flex-wrap items-center gap-2">
        <Input
          aria-label={texts.addPlaceholder}
          placeholder={texts.addPlaceholder}
          value={text}
          autoFocus
          aria-invalid={blank || undefined}
          aria-describedby={blank ? messageId : undefined}
          onChange={(event) => {
            setText(event.target.value);
            setBlank(false);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              confirm();
            }
          }}
          className="min-w-48 flex-1"
        />
        <Button
          type="button"
          size="sm"
          loading={pending}
          disabled={texts.confirmNeedsText && trimmed === ''}
          onClick={confirm}
        >
          {!pending && <Check aria-hidden />}Confirm
        </Button>
        <Button
          type="button"
          size="sm"
          variant="outline"
          aria-label={`Cancel ${texts.addLabel.toLowerCase()}`}
          onClick={onCancel}
        >
          <X aria-hidden />
          Cancel
        </Button>
      </div>
      {blank && (
        <p id={messageId} role="alert" className="text-sm text-destructive">
          {texts.blankMessage}
        </p>
      )}
    </div>
  );
}
