import { fieldText } from '@/lib/record-text';
import { SubItemSectionPage, type SectionPageProps } from '@/features/sections';

/** The benefits page. */
export function BenefitsPage({ resolved }: SectionPageProps) {
  return (
    <SubItemSectionPage
      resolved={resolved}
      defaultTitle="Benefits Section"
      editLabel="Edit Benefit Section Title/Desc"
      cardEditLabel="Edit Desc."
      renderBody={(record) => (
        <p className="whitespace-pre-line text-muted-foreground">{fieldText(record, 'description')}</p>
      )}
    />
  );
}
