import { fieldText } from '@/lib/record-text';
import { SafeHtml } from '@/components/safe-html';
import { SubItemSectionPage, type SectionPageProps } from '@/features/sections';

/** The stakeholders page: its Grid/List toggle is shown but changes nothing, as the page was specified. */
export function StakeholdersPage({ resolved }: SectionPageProps) {
  return (
    <SubItemSectionPage
      resolved={resolved}
      defaultTitle="Stakeholders Section"
      editLabel="Edit Stakeholder Section Title/Desc"
      cardEditLabel="Edit Desc."
      searchPlaceholder="Search title, description, or stakeholders..."
      views={{ initial: 'list', inert: true }}
      renderBody={(record) => <SafeHtml html={fieldText(record, 'description')} className="text-muted-foreground" />}
    />
  );
}
