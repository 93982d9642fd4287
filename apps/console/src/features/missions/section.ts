import { Target } from 'lucide-react';
import { defineConsoleSection } from '@/features/sections/descriptor/console-section';

export const consoleSection = defineConsoleSection({
  slug: 'missions',
  nav: { icon: Target },
  page: () => import('./missions-page').then((m) => m.MissionsPage),
  // the sub-item block's every string follows from these words
  subItems: {
    item: 'mission point',
    blockTitle: 'Mission Points',
    toastNoun: { one: 'mission point', many: 'mission points' },
    confirmNeedsText: true,
    emptyItem: 'Empty',
  },
  empty: { title: 'No Mission Content', text: 'Set up the mission section to add its points.' },
});
