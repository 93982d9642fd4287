import { Link } from 'react-router';
import { Pencil, Plus, Settings2 } from 'lucide-react';
import type { SectionDef, SectionRecord } from '@bursary/shared';
import { Button } from '@/components/ui/button';

interface EditOrSetupProps {
  section: SectionDef;
  records: SectionRecord[];
  /** 'Edit {Section}' unless the page words it otherwise. */
  editLabel?: string;
  setupLabel?: string;
}

/**
 * SPEC.md 2.11: 'Edit {Section}' opens the first record's edit page; an empty section offers
 * 'Setup {Section}', which goes to /{slug}/edit.
 */
export function EditOrSetupButton({ section, records, editLabel, setupLabel }: EditOrSetupProps) {
  const first = records[0];
  if (!first) {
    return (
      <Button asChild>
        <Link to={`/${section.slug}/edit`}><Settings2 aria-hidden />{setupLabel ?? `Setup ${section.label}`}</Link>
      </Button>
    );
  }
  return (
    <Button asChild>
      <Link to={`/${section.slug}/edit/${first.id}`}><Pencil aria-hidden />{editLabel ?? `Edit ${section.label}`}</Link>
    </Button>
  );
}

export function NewButton({ to, label }: { to: string; label: string }) {
  return (
    <Button asChild>
      <Link to={to}><Plus aria-hidden />{label}</Link>
    </Button>
  );
}

/** An Edit link to one record, named for screen readers by what it edits. */
export function EditLink({ to, label = 'Edit', name }: { to: string; label?: string; name?: string }) {
  return (
    <Button asChild variant="outline" size="sm">
      <Link to={to} aria-label={name ? `${label} ${name}` : undefined}><Pencil aria-hidden />{label}</Link>
    </Button>
  );
}
