import { Link } from 'react-router';
import type { FieldDef, SectionDef, SectionRecord } from '@bursary/shared';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/format-date';
import { fieldText } from '@/lib/record-text';
import { fixedWidthSources } from '@/lib/media-urls';
import { altFieldOf } from '@/components/fields/alt-text-input';
import { SafeHtml } from '@/components/safe-html';

/** What a viewer reads on an edit screen: the note goes first so it is met before the fields. */
const READ_ONLY_NOTE = 'You can view this but not change it.';
const CANNOT_CREATE_NOTE = 'Your role cannot create content here. An administrator can give you the editor role.';

/** A field's value as read, not edited: rich text rendered, an image with its alternative text, a date in words. */
export function FieldValue({
  def,
  value,
  alt,
  altShownApart = false,
}: {
  def: FieldDef;
  value: string;
  alt: string;
  /** The image's alternative text is shown (or edited) beside it, so the picture goes without its caption. */
  altShownApart?: boolean;
}) {
  if (value.trim() === '') return <span className="text-muted-foreground">Not set</span>;
  if (def.kind === 'richtext') return <SafeHtml html={value} />;
  if (def.kind === 'image')
    return (
      <figure className="grid gap-1">
        <img {...fixedWidthSources(value, 320)} alt={alt || def.label} className="max-h-48 w-fit rounded-md border" />
        {!altShownApart && (
          <figcaption className="text-sm text-muted-foreground">
            Alternative text: {alt || <span className="italic">none yet</span>}
          </figcaption>
        )}
      </figure>
    );
  if (def.kind === 'date') return <>{formatDate(value)}</>;
  return <span className="whitespace-pre-wrap break-words">{value}</span>;
}

function BackLink({ section }: { section: SectionDef }) {
  return (
    <div className="flex justify-end">
      <Button asChild variant="outline">
        <Link to={`/${section.slug}`}>Back to {section.label}</Link>
      </Button>
    </div>
  );
}

/**
 * An edit screen as a viewer sees it: every field's value, no inputs and no Save, so
 * nothing suggests a change the server would refuse.
 */
export function ReadOnlyRecord({ section, record }: { section: SectionDef; record: SectionRecord | null }) {
  return (
    <div className="grid gap-6">
      <p className="rounded-md border bg-muted/50 p-3 text-sm">{READ_ONLY_NOTE}</p>
      {record ? (
        <dl className="grid gap-4">
          {Object.entries(section.fields).map(([name, def]) => (
            <div key={name} className="grid gap-1">
              <dt className="text-sm font-medium">{def.label}</dt>
              <dd>
                <FieldValue def={def} value={fieldText(record, name)} alt={fieldText(record, altFieldOf(name))} />
              </dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="text-muted-foreground">Nothing has been set up here yet.</p>
      )}
      <BackLink section={section} />
    </div>
  );
}

/** A create screen opened by a viewer: a short notice instead of the form. */
export function CannotCreate({ section }: { section: SectionDef }) {
  return (
    <div className="grid gap-6">
      <p className="rounded-md border bg-muted/50 p-3 text-sm">{CANNOT_CREATE_NOTE}</p>
      <BackLink section={section} />
    </div>
  );
}
