import { Image } from 'lucide-react';
import { defineConsoleSection } from '@/features/sections/descriptor/console-section';

export const consoleSection = defineConsoleSection({
  slug: 'heroes',
  nav: { icon: Image },
  page: () => import('./heroes-page').then((m) => m.HeroesPage),
  empty: { title: 'No Hero Content', text: 'Set up the banner of the website to see it here.' },
});
