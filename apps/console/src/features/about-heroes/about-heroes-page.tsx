import { aboutHeroes, type RecordOf } from '@bursary/shared';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { fieldText, fieldTextOr } from '@/lib/record-text';
import { SafeHtml } from '@/components/safe-html';
import {
  EditLink,
  EditOrSetupButton,
  gridImageSources,
  RecordGrid,
  SectionListPage,
  type SectionPageProps,
} from '@/features/sections';

/** The about section: its field names are checked against the registry's. */
type AboutHero = RecordOf<typeof aboutHeroes>;

/** The page filters on title and description but shows no search input. */
export function AboutHeroesPage({ resolved }: SectionPageProps) {
  return (
    <SectionListPage
      resolved={resolved}
      search={{ hidden: true }}
      actions={(records) => <EditOrSetupButton section={aboutHeroes} records={records} />}
    >
      {(records) => (
        <RecordGrid
          records={records}
          className="md:grid-cols-1 xl:grid-cols-2"
          lineEstimate={480}
          card={(record: AboutHero) => {
            const title = fieldTextOr(record, 'title', 'About Section Title');
            const image = fieldText(record, 'image');
            return (
              <Card className="h-full overflow-hidden">
                {image ? (
                  <img {...gridImageSources(image, 'wide')} alt="" className="h-56 w-full object-cover" />
                ) : (
                  <p className="flex h-24 items-center justify-center bg-muted text-sm text-muted-foreground">
                    No Image Provided
                  </p>
                )}
                <CardHeader>
                  <CardTitle as="h2">{title}</CardTitle>
                </CardHeader>
                <CardContent className="grid gap-4">
                  <SafeHtml html={fieldText(record, 'description')} className="text-muted-foreground" />
                  <EditLink to={`/about-heroes/edit/${record.id}`} name={title} />
                </CardContent>
              </Card>
            );
          }}
        />
      )}
    </SectionListPage>
  );
}
