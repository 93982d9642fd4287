import { Button } from '@/components/ui/button';
import { Link } from 'react-router';
import { SubItemSectionPage, type SectionPageProps } from '@/features/sections';

/** The application steps page. */
export function StepsPage({ resolved }: SectionPageProps) {
  return (
    <SubItemSectionPage
      resolved={resolved}
      defaultTitle="Process Steps"
      cardEditLabel="Edit Title"
      searchPlaceholder="Search process title or steps..."
      empty={{
        title: 'No Steps Content',
        action: (
          <Button asChild>
            <Link to="/steps/edit">Setup Process Steps Section</Link>
          </Button>
        ),
      }}
    />
  );
}
