import { Gift } from 'lucide-react';
import { defineConsoleSection } from '@/features/sections/descriptor/console-section';

export const consoleSection = defineConsoleSection({
  slug: 'benefits',
  nav: { icon: Gift },
  page: () => import('./benefits-page').then((m) => m.BenefitsPage),
  // the sub-item block's every string follows from these words
  subItems: {
    item: 'benefit point',
    blockTitle: 'Benefit Points',
    toastNoun: { one: 'benefit', many: 'benefits' },
    confirmNeedsText: false,
  },
  empty: { title: 'No Benefit Content', text: 'Set up the benefits section to add its points.' },
});
