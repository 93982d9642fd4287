import type * as React from 'react';
import { navigationOrder, sections } from '@bursary/shared/sections';
import {
  type ConsoleSection,
  type ResolvedSection,
  resolveSection,
} from '@/features/sections/descriptor/console-section';

/**
 * Every section as the console shows it: the registry's entries, in the registry's order (the
 * navigation's order), each with the `features/<name>/section.ts` that describes it, if any.
 * A new section needs no line here: its registry entry, and at most that one file.
 */
const descriptorFiles = import.meta.glob<ConsoleSection>('../features/*/section.ts', {
  eager: true,
  import: 'consoleSection',
});
const descriptors = new Map(
  Object.entries(descriptorFiles).map(([file, descriptor]) => [descriptor.slug, { file, descriptor }]),
);

for (const { file, descriptor } of descriptors.values()) {
  if (!sections.some((s) => s.slug === descriptor.slug)) {
    throw new Error(
      `${file} describes the section '${descriptor.slug}', which the registry in packages/shared does not hold`,
    );
  }
}

const placeInNavigation = (slug: string) => {
  const place = navigationOrder.indexOf(slug);
  if (place < 0)
    throw new Error(`the registry's navigationOrder in packages/shared does not place the section '${slug}'`);
  return place;
};

/** In the registry's navigation order, which is data of its own rather than the order of the entries. */
export const consoleSections = [...sections]
  .sort((a, b) => placeInNavigation(a.slug) - placeInNavigation(b.slug))
  .map((section) => resolveSection(section, descriptors.get(section.slug)?.descriptor));

/** A section as the console shows it, by its registry slug. */
export function consoleSectionOf(slug: string): ResolvedSection {
  const resolved = consoleSections.find((s) => s.section.slug === slug);
  if (!resolved) throw new Error(`no section ${slug}`);
  return resolved;
}

/**
 * The list page of a section, given its resolved section: its bespoke page, or the default one built from its columns.
 */
export async function listPageOf(slug: string): Promise<React.ComponentType> {
  const resolved = consoleSectionOf(slug);
  const Page = resolved.page
    ? await resolved.page()
    : (await import('@/features/sections/list/default-list-page')).DefaultListPage;
  return function SectionPage() {
    return <Page resolved={resolved} />;
  };
}
