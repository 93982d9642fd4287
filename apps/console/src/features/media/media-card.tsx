import { Link } from 'react-router';
import { Trash2 } from 'lucide-react';
import { formatBytes } from '@bursary/shared/bytes';
import type { Locale } from '@bursary/shared';
import type { MediaItem, MediaUse } from '@bursary/shared/media';
import { findSection } from '@bursary/shared/sections';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DefaultLanguageText } from '@/components/default-language-text';
import { ALT_TEXT_LABEL } from '@/components/fields/alt-text-input';
import { formatDate } from '@/lib/format-date';
import { mediaDimensions, mediaLabel } from '@/lib/media-label';
import { fixedWidthSources } from '@/lib/media-urls';
import type { AltDrafts } from './alt-drafts';
import { AltTextEditor } from './alt-text-editor';
import { altTextIn, languagesMissingAlt } from './alt-in-language';

/** How wide a card's thumbnail is shown: about a third of the page at 1280 px, the whole card at 375 px. */
const THUMBNAIL_WIDTH = 320;

interface MediaCardProps {
  item: MediaItem;
  hintId: string;
  drafts: AltDrafts;
  /** Editors and administrators change the text and delete; viewers read. */
  canEdit: boolean;
  deleting: boolean;
  onDelete: (item: MediaItem) => void;
  /** With two or more languages: every language, and the one whose text the card shows and edits. */
  languages?: readonly Locale[];
  language?: Locale | undefined;
}

/** Where a record is edited: a collection's by its id; a single-record section's screen takes its id too. */
const editPathOf = (use: MediaUse) => `/${use.section}/edit/${use.id}`;

function Uses({ uses }: { uses: MediaUse[] }) {
  if (uses.length === 0) return <p className="text-sm text-muted-foreground">Not used by any record.</p>;
  return (
    <div className="grid gap-1 text-sm">
      <p className="font-medium">Used by</p>
      <ul className="grid gap-1">
        {uses.map((use) => (
          <li key={`${use.section}:${use.id}`}>
            <Link to={editPathOf(use)} className="text-primary underline-offset-4 hover:underline">
              {findSection(use.section)?.label ?? use.section}: {use.title || 'Untitled'}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** One stored image: its thumbnail, file facts, alternative text, uses, and Delete while nothing uses it. */
export function MediaCard({
  item,
  hintId,
  drafts,
  canEdit,
  deleting,
  onDelete,
  languages = [],
  language,
}: MediaCardProps) {
  const unused = item.used_by.length === 0;
  const missing = languagesMissingAlt(item, languages);
  const shown = altTextIn(item, language);
  // in another language, the default language's text is the reference the language's own is written from
  const defaultLocale = language && !language.default ? languages.find((l) => l.default) : undefined;
  return (
    <Card className="flex h-full flex-col overflow-hidden">
      {/* a small image keeps its size rather than being blown up to the frame */}
      <div className="flex aspect-video items-center justify-center overflow-hidden border-b bg-muted">
        <img
          {...fixedWidthSources(item.url, THUMBNAIL_WIDTH)}
          alt={item.alt}
          loading="lazy"
          decoding="async"
          className="max-h-full max-w-full object-contain"
        />
      </div>
      <CardHeader className="gap-2 p-4 pb-2">
        <CardTitle as="h2" className="break-words text-sm font-medium">
          {mediaLabel(item)}
        </CardTitle>
        <p className="text-sm text-muted-foreground">
          {formatBytes(item.bytes)} · {mediaDimensions(item)} ·{' '}
          {/* the line wraps between its facts, not inside the date */}
          <time dateTime={item.created_at} className="whitespace-nowrap">
            {formatDate(item.created_at)}
          </time>
        </p>
        {(item.alt === '' || missing.length > 0) && (
          <div className="flex flex-wrap gap-1">
            {item.alt === '' && <Badge variant="red">No alternative text</Badge>}
            {missing.map((l) => (
              <Badge key={l.code} variant="red">{`${l.code.toUpperCase()} alt text missing`}</Badge>
            ))}
          </div>
        )}
      </CardHeader>
      <CardContent className="grid flex-1 content-start gap-4 p-4 pt-2">
        {canEdit ? (
          <AltTextEditor
            key={`${language?.code ?? ''} ${shown}`}
            item={item}
            hintId={hintId}
            drafts={drafts}
            language={language}
          />
        ) : (
          <div className="grid gap-1 text-sm">
            <p className="font-medium">
              {language && !language.default ? `Alternative text (${language.name})` : 'Alternative text'}
            </p>
            <p lang={language?.code} className={shown ? 'break-words' : 'italic text-muted-foreground'}>
              {shown || 'None yet'}
            </p>
          </div>
        )}
        {defaultLocale && (
          <DefaultLanguageText label={ALT_TEXT_LABEL} defaultLocale={defaultLocale}>
            <span className={item.alt ? 'break-words' : 'italic text-muted-foreground'}>{item.alt || 'None yet'}</span>
          </DefaultLanguageText>
        )}
        <Uses uses={item.used_by} />
        {canEdit && unused && (
          <div>
            <Button
              type="button"
              variant="outline"
              size="sm"
              loading={deleting}
              aria-label={`Delete ${mediaLabel(item)}`}
              onClick={() => onDelete(item)}
            >
              {!deleting && <Trash2 aria-hidden />}Delete
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
