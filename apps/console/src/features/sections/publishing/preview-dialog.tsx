import type { SectionDef, SectionRecord } from '@bursary/shared';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { ContentList, DifferenceList } from '@/components/difference-views';
import { recordDifferences, versionContent } from '@/lib/record-diff';

interface PreviewDialogProps {
  section: SectionDef;
  /** The version the website shows now. */
  live: SectionRecord;
  /** The pending changes; null for a draft, which the website does not show at all. */
  pending: SectionRecord | null;
  onClose: () => void;
}

/**
 * Preview without a website preview page: the pending changes against the live version, as History compares versions;
 * a draft, which has no live version, reads as its content.
 */
export function PreviewDialog({ section, live, pending, onClose }: PreviewDialogProps) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogTitle>Preview</DialogTitle>
        {pending ? (
          <>
            <DialogDescription>
              What publishing changes on the website, from the live version to the unpublished changes. Added words are
              highlighted, removed words struck through.
            </DialogDescription>
            <DifferenceList differences={recordDifferences(section, live, pending)} />
          </>
        ) : (
          <>
            <DialogDescription>This draft is not on the website yet. Publishing shows this content.</DialogDescription>
            <ContentList content={versionContent(section, live)} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
