import { useState } from 'react';
import { Link } from 'react-router';
import type { WriteMode } from '@bursary/shared';
import { Button } from '@/components/ui/button';
import { PublishNowQuestion } from '@/features/sections/publishing/publish-now-question';
import type { FormVariant } from './form-variant';

interface FormActionsProps {
  listPath: string;
  mode: WriteMode;
  variant?: FormVariant;
  /** A draft or waiting changes: 'Save as draft' is the submit, and 'Publish now' asks first when scheduled. */
  holds: boolean;
  /** When a schedule would publish the waiting change later. */
  scheduledAt: string | null;
  /** A dedicated screen's required fields are not all filled yet. */
  waiting: boolean;
  saving: boolean;
  savingDraft: boolean;
  onPublish: () => void;
  onSaveDraft: () => void;
  /** The save that publishes at once, when the screen names it its own way ('Save Français'). */
  saveLabel?: string;
}

/** The form's buttons: Cancel, and the save that publishes or the one that keeps the change waiting. */
export function FormActions({
  listPath,
  mode,
  variant,
  holds,
  scheduledAt,
  waiting,
  saving,
  savingDraft,
  onPublish,
  onSaveDraft,
  saveLabel,
}: FormActionsProps) {
  const [askingToPublish, setAskingToPublish] = useState(false);
  return (
    <>
      <div className="flex flex-wrap justify-end gap-2">
        <Button asChild variant="outline">
          <Link to={listPath}>Cancel</Link>
        </Button>
        {holds ? (
          <>
            <Button
              type="button"
              variant="secondary"
              loading={saving}
              onClick={() => (scheduledAt ? setAskingToPublish(true) : onPublish())}
            >
              Publish now
            </Button>
            <Button type="submit" disabled={saving} loading={savingDraft}>
              Save as draft
            </Button>
          </>
        ) : (
          <>
            <Button
              type="button"
              variant="secondary"
              disabled={waiting || saving}
              loading={savingDraft}
              onClick={onSaveDraft}
            >
              Save as draft
            </Button>
            {variant ? (
              <Button type="submit" disabled={waiting} loading={saving}>
                {saving ? variant.pendingLabel : variant.submitLabel}
              </Button>
            ) : (
              <Button type="submit" loading={saving}>
                {saveLabel ?? (mode === 'create' ? 'Create Content' : 'Save Changes')}
              </Button>
            )}
          </>
        )}
      </div>
      {scheduledAt && (
        <PublishNowQuestion
          scheduledAt={scheduledAt}
          open={askingToPublish}
          onClose={() => setAskingToPublish(false)}
          onConfirm={onPublish}
        />
      )}
    </>
  );
}
