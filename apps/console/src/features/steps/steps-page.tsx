import { SubItemSectionPage, type SectionPageProps } from '@/features/sections';

/** The application steps page. */
export function StepsPage({ resolved }: SectionPageProps) {
  return (
    <SubItemSectionPage
      resolved={resolved}
      defaultTitle="Process Steps"
      cardEditLabel="Edit Title"
      searchPlaceholder="Search process title or steps..."
    />
  );
}
