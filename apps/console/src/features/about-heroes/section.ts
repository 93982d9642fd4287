import { BookOpen } from 'lucide-react';
import { defineConsoleSection } from '@/features/sections/descriptor/console-section';

export const consoleSection = defineConsoleSection({
  slug: 'about-heroes',
  nav: { icon: BookOpen },
  page: () => import('./about-heroes-page').then((m) => m.AboutHeroesPage),
  empty: { title: 'No About Content', text: 'Set up the about section of the website.' },
});
