import { disbursementTestimonials as testimonials, type RecordOf } from '@bursary/shared';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { TableCell, TableHead } from '@/components/ui/table';
import { fieldText, fieldTextOr } from '@/lib/record-text';
import { ImageWithFallback } from '@/components/image-with-fallback';
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

/** A testimonial: its field names are checked against the registry's. */
type Testimonial = RecordOf<typeof testimonials>;

const nameOf = (record: Testimonial) => fieldTextOr(record, 'university_name', 'No University Name Provided');

/** The university's logo across a grid card, or at `width` CSS pixels in a table row. */
function Logo({ record, className, width }: { record: Testimonial; className: string; width?: number }) {
  return (
    <ImageWithFallback
      sources={listImageSources(fieldText(record, 'image'), width)}
      alt={`Logo of ${nameOf(record)}`}
      className={className}
      fit="contain"
      fallback="No Image"
    />
  );
}

/** The university testimonials page. */
export function TestimonialsPage({ resolved }: SectionPageProps) {
  const texts = resolved.deleteTexts;
  const actions = useRecordActions(testimonials, texts, nameOf);
  return (
    <SectionListPage
      resolved={resolved}
      noun="testimonials"
      subtitle="Manage university testimonials and logos"
      search={{ placeholder: 'Search university name...' }}
      views={{ initial: 'list' }}
      actions={() => <NewButton to="/create-testimonial" label="New Testimonial" />}
    >
      {(records, view) =>
        view === 'grid' ? (
          <RecordGrid
            records={records}
            card={(record: Testimonial) => (
              <Card className="flex h-full flex-col overflow-hidden">
                <Logo record={record} className="h-40 w-full p-4" />
                <CardHeader>
                  <CardTitle as="h2" className="text-lg">
                    {nameOf(record)}
                  </CardTitle>
                </CardHeader>
                <CardContent className="mt-auto">{actions(record)}</CardContent>
              </Card>
            )}
          />
        ) : (
          <RecordTable
            records={records}
            heads={
              <>
                <TableHead>Image</TableHead>
                <TableHead>University Name</TableHead>
                <ActionsHead />
              </>
            }
            cells={(record: Testimonial) => (
              <>
                <TableCell>
                  <Logo record={record} className="size-12 rounded-md" width={48} />
                </TableCell>
                <TableCell className="font-medium">{nameOf(record)}</TableCell>
                <ActionsCell>{actions(record)}</ActionsCell>
              </>
            )}
          />
        )
      }
    </SectionListPage>
  );
}
