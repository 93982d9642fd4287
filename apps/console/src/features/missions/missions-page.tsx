import { missions } from '@bursary/shared';
import { missionTexts, SafeHtml, str, SubItemSectionPage } from '@/features/sections';

/** SPEC.md 2.18. */
export function MissionsPage() {
  return (
    <SubItemSectionPage
      section={missions}
      texts={missionTexts}
      defaultTitle="Mission Section"
      editLabel="Edit Mission Title/Desc"
      cardEditLabel="Edit Desc."
      empty={{ title: 'No Mission Content', text: 'Set up the mission section to add its points.' }}
      renderBody={(record) => <SafeHtml html={str(record, 'description')} className="text-muted-foreground" />}
    />
  );
}
