import { milestones, type RecordOf } from '@bursary/shared';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { TableCell, TableHead } from '@/components/ui/table';
import { formatDate } from '@/lib/format-date';
import { fieldText, fieldTextOr } from '@/lib/record-text';
import {
  ActionsHead,
  ActionsCell,
  useRecordActions,
  NewButton,
  SectionListPage,
  RecordGrid,
  RecordTable,
  type SectionPageProps,
} from '@/features/sections';

/** A milestone: its field names are checked against the registry's. */
type Milestone = RecordOf<typeof milestones>;

const titleOf = (record: Milestone) => fieldTextOr(record, 'title', 'No Title Provided');
const descriptionOf = (record: Milestone) => fieldTextOr(record, 'description', 'No Description');
const dateOf = (record: Milestone) => formatDate(fieldText(record, 'date') || null);

/** The milestones page. */
export function MilestonesPage({ resolved }: SectionPageProps) {
  const texts = resolved.deleteTexts;
  const actions = useRecordActions(milestones, texts, titleOf);
  return (
    <SectionListPage
      resolved={resolved}
      search={{ placeholder: 'Search title, description, or date...', extra: [dateOf] }}
      views={{ initial: 'list' }}
      actions={() => <NewButton to="/milestones/create" label="New Milestone" />}
    >
      {(records, view) =>
        view === 'grid' ? (
          <RecordGrid
            records={records}
            card={(record: Milestone) => (
              <Card className="flex h-full flex-col">
                <CardHeader className="gap-3">
                  <Badge variant="blue" className="w-fit">
                    {dateOf(record)}
                  </Badge>
                  <CardTitle as="h2" className="text-lg">
                    {titleOf(record)}
                  </CardTitle>
                </CardHeader>
                <CardContent className="grid flex-1 content-between gap-4">
                  <p className="whitespace-pre-line text-muted-foreground">{descriptionOf(record)}</p>
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
                <TableHead>Date</TableHead>
                <TableHead>Title</TableHead>
                <TableHead>Description</TableHead>
                <ActionsHead />
              </>
            }
            cells={(record: Milestone) => (
              <>
                <TableCell className="whitespace-nowrap">{dateOf(record)}</TableCell>
                <TableCell className="font-medium">{titleOf(record)}</TableCell>
                <TableCell className="text-muted-foreground">{descriptionOf(record)}</TableCell>
                <ActionsCell>{actions(record)}</ActionsCell>
              </>
            )}
          />
        )
      }
    </SectionListPage>
  );
}
