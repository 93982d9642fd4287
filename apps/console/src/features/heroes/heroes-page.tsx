import { heroes, type RecordOf } from '@bursary/shared';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { TableCell, TableHead } from '@/components/ui/table';
import { snippet, fieldText, fieldTextOr } from '@/lib/record-text';
import { SafeHtml } from '@/components/safe-html';
import {
  ActionsHead,
  ActionsCell,
  EditLink,
  EditOrSetupButton,
  gridImageSources,
  SectionListPage,
  RecordGrid,
  RecordTable,
  type SectionPageProps,
} from '@/features/sections';

/** A hero: its field names are checked against the registry's. */
type Hero = RecordOf<typeof heroes>;

/** Heroes: List by default; Grid cards show the title, description, button badges and image. */
export function HeroesPage({ resolved }: SectionPageProps) {
  return (
    <SectionListPage
      resolved={resolved}
      search={{ placeholder: 'Search title or description...' }}
      views={{ initial: 'list' }}
      actions={(records) => <EditOrSetupButton section={heroes} records={records} />}
    >
      {(records, view) =>
        view === 'grid' ? (
          <RecordGrid
            records={records}
            card={(record: Hero) => (
              <Card className="h-full overflow-hidden">
                {fieldText(record, 'image') && (
                  <img {...gridImageSources(fieldText(record, 'image'))} alt="" className="h-40 w-full object-cover" />
                )}
                <CardHeader>
                  <CardTitle as="h2">{fieldTextOr(record, 'title', 'Untitled')}</CardTitle>
                </CardHeader>
                <CardContent className="grid gap-3">
                  <SafeHtml html={fieldText(record, 'description')} />
                  <div className="flex flex-wrap gap-2">
                    {fieldText(record, 'button1') && <Badge variant="secondary">{fieldText(record, 'button1')}</Badge>}
                    {fieldText(record, 'button2') && <Badge variant="outline">{fieldText(record, 'button2')}</Badge>}
                  </div>
                  <EditLink to={`/heroes/edit/${record.id}`} name={fieldTextOr(record, 'title', 'hero')} />
                </CardContent>
              </Card>
            )}
          />
        ) : (
          <RecordTable
            records={records}
            heads={
              <>
                <TableHead>Title</TableHead>
                <TableHead>Description Snippet</TableHead>
                <ActionsHead />
              </>
            }
            cells={(record: Hero) => (
              <>
                <TableCell className="font-medium">{fieldTextOr(record, 'title', 'Untitled')}</TableCell>
                <TableCell className="text-muted-foreground">{snippet(fieldText(record, 'description'))}</TableCell>
                <ActionsCell>
                  <EditLink to={`/heroes/edit/${record.id}`} name={fieldTextOr(record, 'title', 'hero')} />
                </ActionsCell>
              </>
            )}
          />
        )
      }
    </SectionListPage>
  );
}
