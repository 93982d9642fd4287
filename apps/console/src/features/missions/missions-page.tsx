import { missions } from '@bursary/shared';
import { SafeHtml, fieldText, SubItemSectionPage } from '@/features/sections';
import { missionTexts } from './section';

/** Missions: a card per record with its title and description, and its 'Mission Points' editor. */
export function MissionsPage() {
  return (
    <SubItemSectionPage
      section={missions}
      texts={missionTexts}
      defaultTitle="Mission Section"
      editLabel="Edit Mission Title/Desc"
      cardEditLabel="Edit Desc."
      empty={{ title: 'No Mission Content', text: 'Set up the mission section to add its points.' }}
      renderBody={(record) => <SafeHtml html={fieldText(record, 'description')} className="text-muted-foreground" />}
    />
  );
}
