import type * as React from 'react';
import type { LucideIcon } from 'lucide-react';
import { LayoutList } from 'lucide-react';
import type { SectionDef } from '@bursary/shared';
import type { ConfirmedDeleteTexts } from '../delete/delete-record';
import { type SubItemTexts, type SubItemWords, subItemTexts } from './sub-item-texts';

/**
 * What the console adds to a section's registry entry (`features/<name>/section.ts`): how the
 * navigation shows it, its bespoke page if it has one, and its texts. Everything is optional; a
 * section without this file gets the defaults below and the default list page.
 */
export interface ConsoleSection {
  /** The registry slug this describes. */
  slug: string;
  /** The navigation item: the registry's label and a list icon by default; false keeps it out. */
  nav?: false | { label?: string; icon?: LucideIcon; alsoActiveFor?: string[] };
  /**
   * The bespoke list page, loaded with its route; without one the default list page is shown. It
   * is given the section resolved from this description, so it never imports its description back.
   */
  page?: () => Promise<React.ComponentType<SectionPageProps>>;
  /** The default list page's columns (and card lines): the title field and two more by default. */
  columns?: readonly string[];
  /** The delete confirmation and toasts. */
  deleteTexts?: ConfirmedDeleteTexts;
  /** The words the sub-item block's texts are generated from, for a section with sub-items. */
  subItems?: SubItemWords;
  /** The list page's empty state: 'No {label} Yet' and a line by default, with no button. */
  empty?: EmptyStateContent;
  /** A sentence the list page adds under its load error (most pages add none). */
  errorExtra?: string;
}

/** What a list page shows when its section holds no record; a viewer is not shown the action. */
interface EmptyStateContent {
  title: string;
  text?: string;
  /** The button that starts the first record, or sets the section up. */
  action?: { label: string; to: string };
}

/** A section as the console shows it: its registry entry with every console default filled in. */
export interface ResolvedSection {
  section: SectionDef;
  nav: { label: string; to: string; icon: LucideIcon; alsoActiveFor?: string[] } | null;
  page?: () => Promise<React.ComponentType<SectionPageProps>>;
  columns: readonly string[];
  deleteTexts: ConfirmedDeleteTexts;
  subItemTexts?: SubItemTexts;
  empty: EmptyStateContent;
  errorExtra?: string;
}

/** What a bespoke list page is given: its section, resolved from its description. */
export interface SectionPageProps {
  resolved: ResolvedSection;
}

export const defineConsoleSection = (descriptor: ConsoleSection): ConsoleSection => descriptor;

/** The delete texts of a section that words none of its own, from its registry name. */
function defaultDeleteTexts(section: SectionDef): ConfirmedDeleteTexts {
  const one = section.singular;
  const lower = one.toLowerCase();
  return {
    confirmTitle: `Delete ${one}`,
    confirmText: (title) => `Are you sure you want to delete the ${lower} "${title}"? This action cannot be undone.`,
    success: `${one} deleted successfully.`,
    errorTitle: `Error Deleting ${one}`,
    fallback: `Could not delete ${lower}. Please try again.`,
  };
}

export function resolveSection(section: SectionDef, descriptor: ConsoleSection | undefined): ResolvedSection {
  const d = descriptor ?? { slug: section.slug };
  const others = Object.keys(section.fields).filter(
    (name) => name !== section.titleField && section.fields[name]?.kind !== 'image',
  );
  return {
    section,
    nav: d.nav === false ? null : { label: section.label, icon: LayoutList, ...d.nav, to: `/${section.slug}` },
    page: d.page,
    columns: d.columns ?? [section.titleField, ...others.slice(0, 2)],
    deleteTexts: d.deleteTexts ?? defaultDeleteTexts(section),
    subItemTexts: d.subItems && subItemTexts(section, d.subItems),
    empty: d.empty ?? { title: `No ${section.label} Yet`, text: `Records you create appear here.` },
    errorExtra: d.errorExtra,
  };
}
