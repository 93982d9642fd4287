import { Link } from 'react-router';
import { Pencil, Plus, Settings2 } from 'lucide-react';
import type { SectionDef, SectionRecord } from '@bursary/shared';
import { Button } from '@/components/ui/button';
import { useCan } from '@/lib/permissions';

interface EditOrSetupProps {
  section: SectionDef;
  records: SectionRecord[];
  /** 'Edit {Section}' unless the page words it otherwise. */
  editLabel?: string;
  setupLabel?: string;
}

/**
 * 'Edit {Section}' opens the first record's edit page; an empty section offers
 * 'Setup {Section}', which goes to /{slug}/edit. A viewer gets neither.
 */
export function EditOrSetupButton({ section, records, editLabel, setupLabel }: EditOrSetupProps) {
  const canEdit = useCan('content:write');
  const first = records[0];
  if (!canEdit) return null;
  if (!first) {
    return (
      <Button asChild>
        <Link to={`/${section.slug}/edit`}>
          <Settings2 aria-hidden />
          {setupLabel ?? `Setup ${section.label}`}
        </Link>
      </Button>
    );
  }
  return (
    <Button asChild>
      <Link to={`/${section.slug}/edit/${first.id}`}>
        <Pencil aria-hidden />
        {editLabel ?? `Edit ${section.label}`}
      </Link>
    </Button>
  );
}

/** A create link; a viewer gets none. */
export function NewButton({ to, label }: { to: string; label: string }) {
  if (!useCan('content:write')) return null;
  return (
    <Button asChild>
      <Link to={to}>
        <Plus aria-hidden />
        {label}
      </Link>
    </Button>
  );
}

/** An Edit link to one record, named for screen readers by what it edits; a viewer gets none. */
export function EditLink({ to, label = 'Edit', name }: { to: string; label?: string; name?: string }) {
  if (!useCan('content:write')) return null;
  return (
    <Button asChild variant="outline" size="sm">
      <Link to={to} aria-label={name ? `${label} ${name}` : undefined}>
        <Pencil aria-hidden />
        {label}
      </Link>
    </Button>
  );
}
