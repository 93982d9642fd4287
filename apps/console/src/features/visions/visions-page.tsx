import { useState } from 'react';
import { visions, type RecordOf } from '@bursary/shared';
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

/** A vision: its field names are checked against the registry's. */
type Vision = RecordOf<typeof visions>;

/** An image that fails to load is hidden. */
function VisionImage({ src }: { src: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  return (
    <img
      {...gridImageSources(src, 'wide')}
      alt=""
      className="h-56 w-full object-cover"
      onError={() => setFailed(true)}
    />
  );
}

/** Visions: a card per record with its title, its description as HTML and an optional image. */
export function VisionsPage({ resolved }: SectionPageProps) {
  return (
    <SectionListPage
      resolved={resolved}
      subtitle="Manage your vision statement"
      search={{ placeholder: 'Search visions...' }}
      actions={(records) => <EditOrSetupButton section={visions} records={records} />}
    >
      {(records) => (
        <RecordGrid
          records={records}
          className="md:grid-cols-1 xl:grid-cols-2"
          lineEstimate={480}
          card={(record: Vision) => {
            const title = fieldTextOr(record, 'title', 'Vision Section Title');
            const image = fieldText(record, 'image');
            return (
              <Card className="h-full overflow-hidden">
                {image && <VisionImage src={image} />}
                <CardHeader>
                  <CardTitle as="h2">{title}</CardTitle>
                </CardHeader>
                <CardContent className="grid gap-4">
                  <SafeHtml html={fieldText(record, 'description')} className="text-muted-foreground" />
                  <EditLink to={`/visions/edit/${record.id}`} label="Edit Vision" />
                </CardContent>
              </Card>
            );
          }}
        />
      )}
    </SectionListPage>
  );
}
