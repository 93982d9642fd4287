import { faqs, type SectionRecord } from '@bursary/shared';
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

const nameOf = (record: SectionRecord) => fieldTextOr(record, 'title', 'FAQ');

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
            card={(record) => (
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
            cells={(record) => (
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
