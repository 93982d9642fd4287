import { faqs, type RecordOf } from '@bursary/shared';
import { TableCell, TableHead } from '@/components/ui/table';
import { snippet, fieldText, fieldTextOr } from '@/lib/record-text';
import { SafeHtml } from '@/components/safe-html';
import {
  ActionsHead,
  ActionsCell,
  useRecordActions,
  NewButton,
  SectionListPage,
  RecordCard,
  RecordGrid,
  RecordTable,
  type SectionPageProps,
} from '@/features/sections';

/** An FAQ: its field names are checked against the registry's. */
type Faq = RecordOf<typeof faqs>;

const nameOf = (record: Faq) => fieldTextOr(record, 'title', 'FAQ');

/** The FAQs page. */
export function FaqsPage({ resolved }: SectionPageProps) {
  const texts = resolved.deleteTexts;
  const actions = useRecordActions(faqs, texts, nameOf);
  return (
    <SectionListPage
      resolved={resolved}
      noun="FAQs"
      search={{ placeholder: 'Search questions and answers...' }}
      views={{ initial: 'grid' }}
      actions={() => <NewButton to="/create-faq" label="New FAQ" />}
    >
      {(records, view) =>
        view === 'grid' ? (
          <RecordGrid
            records={records}
            card={(record: Faq) => (
              <RecordCard title={fieldText(record, 'title')}>
                <SafeHtml html={fieldText(record, 'description')} className="text-muted-foreground" />
                {actions(record)}
              </RecordCard>
            )}
          />
        ) : (
          <RecordTable
            records={records}
            heads={
              <>
                <TableHead>Question</TableHead>
                <TableHead>Answer</TableHead>
                <ActionsHead />
              </>
            }
            cells={(record: Faq) => (
              <>
                <TableCell className="font-medium">{fieldText(record, 'title')}</TableCell>
                <TableCell className="text-muted-foreground">{snippet(fieldText(record, 'description'))}</TableCell>
                <ActionsCell>{actions(record)}</ActionsCell>
              </>
            )}
          />
        )
      }
    </SectionListPage>
  );
}
