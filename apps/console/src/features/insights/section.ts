import { ChartBar } from 'lucide-react';
import { defineConsoleSection } from '@/features/sections/descriptor/console-section';

export const consoleSection = defineConsoleSection({
  slug: 'insights',
  // SPEC.md 2.2 names the item in the singular; both layouts link /insights (DESIGN.md 1)
  nav: { label: 'Insight', icon: ChartBar },
  page: () => import('./insights-page').then((m) => m.InsightsPage),
});
