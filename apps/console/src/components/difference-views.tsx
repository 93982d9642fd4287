import type * as React from 'react';
import type { FieldContent, FieldDifference, WordPart } from '@/lib/record-diff';
import { fixedWidthSources } from '@/lib/media-urls';

const countWords = (text: string) => text.split(/\s+/).filter(Boolean).length;
const words = (n: number) => `${n} ${n === 1 ? 'word' : 'words'}`;

/** '2 words added, 1 word removed': the size of a text change in a sentence. */
export function wordSummary(parts: WordPart[]): string {
  const added = parts.filter((p) => p.change === 'added').reduce((sum, p) => sum + countWords(p.text), 0);
  const removed = parts.filter((p) => p.change === 'removed').reduce((sum, p) => sum + countWords(p.text), 0);
  const said = [added > 0 && `${words(added)} added`, removed > 0 && `${words(removed)} removed`].filter(Boolean);
  return said.length > 0 ? said.join(', ') : 'Spacing changed';
}

/** Words kept as they are, words added (green) and removed (struck through), each said aloud too. */
function WordParts({ parts }: { parts: WordPart[] }) {
  return (
    <p className="whitespace-pre-wrap break-words leading-relaxed">
      {parts.map((part, index) => {
        if (part.change === 'added') {
          return (
            <ins
              key={index}
              className="rounded-sm bg-green-100 px-0.5 text-green-900 no-underline dark:bg-green-900/60 dark:text-green-50"
            >
              <span className="sr-only">added: </span>
              {part.text}
            </ins>
          );
        }
        if (part.change === 'removed') {
          return (
            <del key={index} className="rounded-sm bg-red-100 px-0.5 text-red-900 dark:bg-red-900/60 dark:text-red-50">
              <span className="sr-only">removed: </span>
              {part.text}
            </del>
          );
        }
        return <span key={index}>{part.text}</span>;
      })}
    </p>
  );
}

const orEmpty = (value: string) => (value === '' ? '(empty)' : value);

function Thumbnail({ src, caption }: { src: string; caption: string }) {
  return (
    <figure className="grid gap-1">
      {src ? (
        <img
          {...fixedWidthSources(src, 128)}
          alt={`${caption}: image`}
          className="h-24 w-32 rounded-md border object-cover"
        />
      ) : (
        <p className="flex h-24 w-32 items-center justify-center rounded-md border bg-muted text-sm text-muted-foreground">
          No image
        </p>
      )}
      <figcaption className="text-xs text-muted-foreground">{caption}</figcaption>
    </figure>
  );
}

function ItemList({ title, children }: { title: string; children: React.ReactNode[] }) {
  if (children.length === 0) return null;
  return (
    <div className="grid gap-1">
      <p className="text-sm font-medium">{title}</p>
      <ul className="grid list-disc gap-1 pl-5">{children}</ul>
    </div>
  );
}

function DifferenceBody({ difference }: { difference: FieldDifference }) {
  switch (difference.kind) {
    case 'words':
      return (
        <>
          <p className="text-sm text-muted-foreground">{wordSummary(difference.parts)}</p>
          <WordParts parts={difference.parts} />
        </>
      );
    case 'image':
      return (
        <div className="flex flex-wrap items-center gap-4">
          <Thumbnail src={difference.before} caption="In this version" />
          <span aria-hidden>→</span>
          <Thumbnail src={difference.after} caption="Now" />
        </div>
      );
    case 'value':
      return (
        <p>
          {orEmpty(difference.before)} <span aria-hidden>→</span>
          <span className="sr-only">changed to</span> {orEmpty(difference.after)}
        </p>
      );
    case 'items':
      return (
        <div className="grid gap-3">
          <ItemList title="Added since this version">
            {difference.added.map((text, i) => (
              <li key={i}>{orEmpty(text)}</li>
            ))}
          </ItemList>
          <ItemList title="Removed since this version">
            {difference.removed.map((text, i) => (
              <li key={i}>{orEmpty(text)}</li>
            ))}
          </ItemList>
          <ItemList title="Changed since this version">
            {difference.changed.map((parts, i) => (
              <li key={i}>
                <WordParts parts={parts} />
              </li>
            ))}
          </ItemList>
        </div>
      );
  }
}

export const NO_DIFFERENCES = 'No differences: this version reads the same as the current one.';

/**
 * Each field that differs, under its label from the registry; or 'No differences'. Under a language's heading the
 * labels are a level lower.
 */
export function DifferenceList({
  differences,
  label = 'Differences',
  Heading = 'h3',
}: {
  differences: FieldDifference[];
  label?: string;
  Heading?: 'h3' | 'h4';
}) {
  if (differences.length === 0) return <p className="text-muted-foreground">{NO_DIFFERENCES}</p>;
  return (
    <ul className="grid gap-4" aria-label={label}>
      {differences.map((difference) => (
        <li key={difference.name} className="grid gap-2 rounded-md border p-4">
          <Heading className="font-semibold">{difference.label}</Heading>
          <DifferenceBody difference={difference} />
        </li>
      ))}
    </ul>
  );
}

/** A version's fields as they were, for a record with no current version to compare with. */
export function ContentList({ content }: { content: FieldContent[] }) {
  return (
    <dl className="grid gap-4">
      {content.map((field) => (
        <div key={field.name} className="grid gap-1">
          <dt className="font-semibold">{field.label}</dt>
          <dd className="whitespace-pre-wrap break-words">
            {field.kind === 'items' ? (
              field.items.length === 0 ? (
                '(none)'
              ) : (
                <ol className="grid list-decimal gap-1 pl-5">
                  {field.items.map((text, i) => (
                    <li key={i}>{orEmpty(text)}</li>
                  ))}
                </ol>
              )
            ) : field.kind === 'image' ? (
              <Thumbnail src={field.value} caption="In this version" />
            ) : (
              orEmpty(field.value)
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
