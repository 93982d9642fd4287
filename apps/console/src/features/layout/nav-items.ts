import type { LucideIcon } from 'lucide-react';
import {
  BookOpen, ChartBar, CircleQuestionMark, Eye, Gift, Handshake, Image, LayoutDashboard, ListOrdered,
  Mail, Milestone, Quote, School, Target, Users,
} from 'lucide-react';

export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Other paths that belong to the item, e.g. the dedicated create pages. */
  alsoActiveFor?: string[];
}

/** SPEC.md 2.2, in order; Messages after Disbursement Testimonials and Insight → /insights (DESIGN.md 1). */
export const navItems: readonly NavItem[] = [
  { label: 'Dashboard', to: '/dashboard', icon: LayoutDashboard },
  { label: 'Heroes', to: '/heroes', icon: Image },
  { label: 'Steps', to: '/steps', icon: ListOrdered },
  { label: 'FAQs', to: '/faqs', icon: CircleQuestionMark, alsoActiveFor: ['/create-faq'] },
  { label: 'Benefits', to: '/benefits', icon: Gift },
  { label: 'Insight', to: '/insights', icon: ChartBar },
  { label: 'About Heroes', to: '/about-heroes', icon: BookOpen },
  { label: 'Missions', to: '/missions', icon: Target },
  { label: 'Milestones', to: '/milestones', icon: Milestone },
  { label: 'Success Stories', to: '/success-stories', icon: Quote },
  { label: 'Visions', to: '/visions', icon: Eye },
  { label: 'Stakeholders', to: '/stakeholders', icon: Handshake },
  { label: 'Disbursement Testimonials', to: '/disbursement-testimonials', icon: School, alsoActiveFor: ['/create-testimonial'] },
  { label: 'Messages', to: '/messages', icon: Mail },
  { label: 'Users', to: '/users', icon: Users },
];

