import { ImageOff } from 'lucide-react';
import { type RecordOf, successStories } from '@bursary/shared';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { TableCell, TableHead } from '@/components/ui/table';
import { formatDate } from '@/lib/format-date';
import { snippet, fieldText, fieldTextOr } from '@/lib/record-text';
import { ImageWithFallback } from '@/components/image-with-fallback';
import { SafeHtml } from '@/components/safe-html';
import {
  ActionsHead,
  ActionsCell,
  listImageSources,
  useRecordActions,
  NewButton,
  SectionListPage,
  RecordGrid,
  RecordTable,
  type SectionPageProps,
} from '@/features/sections';

/** A success story: its field names are checked against the registry's. */
type Story = RecordOf<typeof successStories>;

const nameOf = (record: Story) => fieldTextOr(record, 'student_name', 'Unnamed Student');
const dateOf = (record: Story) => formatDate(fieldText(record, 'date') || null);

/** The student's photo across a grid card, or at `width` CSS pixels in a table row. */
function Photo({ record, className, width }: { record: Story; className: string; width?: number }) {
  return (
    <ImageWithFallback
      sources={listImageSources(fieldText(record, 'image'), width)}
      alt={`Photo of ${nameOf(record)}`}
      className={className}
      fit="cover"
      fallback={
        <>
          <ImageOff className="size-6" aria-hidden />
          <span className="sr-only">No photo</span>
        </>
      }
    />
  );
}

/** The success stories page. */
export function SuccessStoriesPage({ resolved }: SectionPageProps) {
  const texts = resolved.deleteTexts;
  const actions = useRecordActions(successStories, texts, nameOf);
  return (
    <SectionListPage
      resolved={resolved}
      search={{ placeholder: 'Search student, school, story...', extra: [dateOf] }}
      views={{ initial: 'grid' }}
      actions={() => <NewButton to="/success-stories/create" label="New Success Story" />}
    >
      {(records, view) =>
        view === 'grid' ? (
          <RecordGrid
            records={records}
            card={(record: Story) => (
              <Card className="flex h-full flex-col overflow-hidden">
                <Photo record={record} className="h-48 w-full" />
                <CardHeader className="gap-2">
                  <CardTitle as="h2" className="text-lg">
                    {nameOf(record)}
                  </CardTitle>
                  <p className="text-sm text-muted-foreground">{fieldText(record, 'student_school')}</p>
                  <div className="flex flex-wrap items-center gap-2 text-sm">
                    <span>{dateOf(record)}</span>
                    {fieldText(record, 'source') && <Badge variant="secondary">{fieldText(record, 'source')}</Badge>}
                  </div>
                </CardHeader>
                <CardContent className="grid flex-1 content-between gap-4">
                  {fieldText(record, 'story').trim() ? (
                    <SafeHtml html={fieldText(record, 'story')} className="text-muted-foreground" />
                  ) : (
                    <p className="text-muted-foreground">No story provided.</p>
                  )}
                  {actions(record)}
                </CardContent>
              </Card>
            )}
          />
        ) : (
          <RecordTable
            records={records}
            heads={
              <>
                <TableHead>Img</TableHead>
                <TableHead>Student</TableHead>
                <TableHead>School</TableHead>
                <TableHead>Story Snippet</TableHead>
                <ActionsHead />
              </>
            }
            cells={(record: Story) => (
              <>
                <TableCell>
                  <Photo record={record} className="size-12 rounded-md" width={48} />
                </TableCell>
                <TableCell className="font-medium">{nameOf(record)}</TableCell>
                <TableCell>{fieldText(record, 'student_school')}</TableCell>
                <TableCell className="text-muted-foreground">
                  {snippet(fieldText(record, 'story')) || 'No story provided.'}
                </TableCell>
                <ActionsCell>{actions(record)}</ActionsCell>
              </>
            )}
          />
        )
      }
    </SectionListPage>
  );
}
