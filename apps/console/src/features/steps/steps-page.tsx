import { steps } from '@bursary/shared';
import { Button } from '@/components/ui/button';
import { Link } from 'react-router';
import { SubItemSectionPage } from '@/features/sections';
import { stepTexts } from './section';

/** Steps: a card per record with its title, and its numbered 'Process Steps' editor. */
export function StepsPage() {
  return (
    <SubItemSectionPage
      section={steps}
      texts={stepTexts}
      defaultTitle="Process Steps"
      cardEditLabel="Edit Title"
      searchPlaceholder="Search process title or steps..."
      empty={{
        title: 'No Steps Content',
        action: <Button asChild><Link to="/steps/edit">Setup Process Steps Section</Link></Button>,
      }}
    />
  );
}
