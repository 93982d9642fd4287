import { benefits } from '@bursary/shared';
import { fieldText } from '@/lib/record-text';
import { SubItemSectionPage } from '@/features/sections';
import { benefitTexts } from './section';

/** SPEC.md 2.15. */
export function BenefitsPage() {
  return (
    <SubItemSectionPage
      section={benefits}
      texts={benefitTexts}
      defaultTitle="Benefits Section"
      editLabel="Edit Benefit Section Title/Desc"
      cardEditLabel="Edit Desc."
      empty={{ title: 'No Benefit Content', text: 'Set up the benefits section to add its points.' }}
      renderBody={(record) => <p className="whitespace-pre-line text-muted-foreground">{fieldText(record, 'description')}</p>}
    />
  );
}
