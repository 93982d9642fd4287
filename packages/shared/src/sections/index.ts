import type { SectionDef } from '../section.ts';
import { aboutHeroes } from './about-heroes.ts';
import { benefits } from './benefits.ts';
import { content } from './content.ts';
import { disbursementTestimonials } from './disbursement-testimonials.ts';
import { faqs } from './faqs.ts';
import { heroes } from './heroes.ts';
import { insights } from './insights.ts';
import { messages } from './messages.ts';
import { milestones } from './milestones.ts';
import { missions } from './missions.ts';
import { stakeholders } from './stakeholders.ts';
import { steps } from './steps.ts';
import { successStories } from './success-stories.ts';
import { visions } from './visions.ts';

const registry = [
  heroes,
  steps,
  faqs,
  benefits,
  insights,
  aboutHeroes,
  missions,
  milestones,
  successStories,
  visions,
  stakeholders,
  disbursementTestimonials,
  messages,
  content,
] as const;

/** Every section, in the navigation's order (messages right after the testimonials). */
export const sections: readonly SectionDef[] = registry;

/** The slug of a section the registry holds. */
export type SectionSlug = (typeof registry)[number]['slug'];

/**
 * The order given, checked by the compiler against the registry: every slug in it is a section's,
 * and no section is left out (the error names the missing one).
 */
export function everySectionOnce<const Order extends readonly SectionSlug[]>(
  order: Order &
    ([Exclude<SectionSlug, Order[number]>] extends [never]
      ? unknown
      : { missing: Exclude<SectionSlug, Order[number]> }),
): readonly SectionSlug[] {
  return order;
}

/**
 * The console's navigation order, by slug: every section once, messages right after the
 * testimonials. It is data of its own, so that where an entry sits in `sections` moves no item.
 */
export const navigationOrder: readonly string[] = everySectionOnce([
  'heroes',
  'steps',
  'faqs',
  'benefits',
  'insights',
  'about-heroes',
  'missions',
  'milestones',
  'success-stories',
  'visions',
  'stakeholders',
  'disbursement-testimonials',
  'messages',
  'content',
]);

const bySlug = new Map(sections.map((s) => [s.slug, s]));

export function findSection(slug: string): SectionDef | undefined {
  return bySlug.get(slug);
}

export {
  aboutHeroes,
  benefits,
  content,
  disbursementTestimonials,
  faqs,
  heroes,
  insights,
  messages,
  milestones,
  missions,
  stakeholders,
  steps,
  successStories,
  visions,
};
