import { ListOrdered } from 'lucide-react';
import { defineConsoleSection } from '@/features/sections/descriptor/console-section';

export const consoleSection = defineConsoleSection({
  slug: 'steps',
  nav: { icon: ListOrdered },
  page: () => import('./steps-page').then((m) => m.StepsPage),
  // the sub-item block's every string follows from these words
  subItems: {
    item: 'step',
    blockTitle: 'Process Steps',
    toastNoun: { one: 'step', many: 'steps' },
    confirmNeedsText: false,
  },
  empty: { title: 'No Steps Content', action: { label: 'Setup Process Steps Section', to: '/steps/edit' } },
});
