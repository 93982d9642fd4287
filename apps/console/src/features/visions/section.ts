import { Eye } from 'lucide-react';
import { defineConsoleSection } from '@/features/sections/descriptor/console-section';

export const consoleSection = defineConsoleSection({
  slug: 'visions',
  nav: { icon: Eye },
  page: () => import('./visions-page').then((m) => m.VisionsPage),
  empty: { title: 'No Vision Content', text: 'Set up the vision statement of the website.' },
  errorExtra: 'Please try again later.',
});
