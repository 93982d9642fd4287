import { benefits } from '@bursary/shared';
import { fieldText, SubItemSectionPage } from '@/features/sections';
import { benefitTexts } from './section';

/** Benefits: a card per record with its title and description, and its 'Benefit Points' editor. */
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
