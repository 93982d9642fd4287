import { ChartBar } from 'lucide-react';
import { defineConsoleSection } from '@/features/sections/descriptor/console-section';

export const consoleSection = defineConsoleSection({
  slug: 'insights',
  // the navigation names the item in the singular; both layouts link /insights
  nav: { label: 'Insight', icon: ChartBar },
  page: () => import('./insights-page').then((m) => m.InsightsPage),
  empty: { title: 'No Insights Content', text: 'Set up the three statistics the website shows.' },
});
