import { useNavigate } from 'react-router';
import type { Locale, SectionDef } from '@bursary/shared';
import { Button } from '@/components/ui/button';
import type { PublishingState } from '@/lib/publishing';
import { FormActions } from '../form/form-actions';

interface TranslationActionsProps {
  section: SectionDef;
  /** The language edited: its save is named after it ('Save Français'). */
  locale: Locale;
  /** The record's publishing state, as the default language's edit screen read it. */
  state: PublishingState;
  /** This language's changes wait for a publish: 'Save as draft' is the submit, 'Publish now' makes them live. */
  holds: boolean;
  saving: boolean;
  savingDraft: boolean;
  onPublish: () => void;
  onSaveDraft: () => void;
}

/**
 * The buttons of a record's form in another language. A draft's text is saved in place, off the website with the
 * draft, by the one button it always had; a live record's text is saved at once, or kept waiting with 'Save as
 * draft' and then published with 'Publish now', as the default language's form does.
 */
export function TranslationActions({
  section,
  locale,
  state,
  holds,
  saving,
  savingDraft,
  onPublish,
  onSaveDraft,
}: TranslationActionsProps) {
  const navigate = useNavigate();
  if (state.status === 'draft')
    return (
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={() => void navigate(`/${section.slug}`)}>
          Cancel
        </Button>
        <Button type="submit" loading={saving}>
          Save {locale.name}
        </Button>
      </div>
    );
  return (
    <FormActions
      listPath={`/${section.slug}`}
      mode="update"
      holds={holds}
      scheduledAt={state.publishAt}
      waiting={false}
      saving={saving}
      savingDraft={savingDraft}
      onPublish={onPublish}
      onSaveDraft={onSaveDraft}
      saveLabel={`Save ${locale.name}`}
    />
  );
}
