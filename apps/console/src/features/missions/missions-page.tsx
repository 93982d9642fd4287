import { fieldText } from '@/lib/record-text';
import { SafeHtml } from '@/components/safe-html';
import { SubItemSectionPage, type SectionPageProps } from '@/features/sections';

/** The missions page. */
export function MissionsPage({ resolved }: SectionPageProps) {
  return (
    <SubItemSectionPage
      resolved={resolved}
      defaultTitle="Mission Section"
      editLabel="Edit Mission Title/Desc"
      cardEditLabel="Edit Desc."
      renderBody={(record) => <SafeHtml html={fieldText(record, 'description')} className="text-muted-foreground" />}
    />
  );
}
