import { Eye } from 'lucide-react';
import { defineConsoleSection } from '@/features/sections/descriptor/console-section';

export const consoleSection = defineConsoleSection({
  slug: 'visions',
  nav: { icon: Eye },
  page: () => import('./visions-page').then((m) => m.VisionsPage),
});
