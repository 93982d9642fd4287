import { Handshake } from 'lucide-react';
import { defineConsoleSection } from '@/features/sections/descriptor/console-section';

export const consoleSection = defineConsoleSection({
  slug: 'stakeholders',
  nav: { icon: Handshake },
  page: () => import('./stakeholders-page').then((m) => m.StakeholdersPage),
  // the sub-item block's every string follows from these words
  subItems: {
    item: 'stakeholder point',
    blockTitle: 'Stakeholder Points',
    toastNoun: { one: 'stakeholder', many: 'stakeholders' },
    confirmNeedsText: true,
    emptyItem: 'Empty',
  },
  empty: { title: 'No Stakeholder Content', text: 'Set up the stakeholders section to add its points.' },
});
