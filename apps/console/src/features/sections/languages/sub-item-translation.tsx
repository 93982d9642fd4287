import { useEffect, useState } from 'react';
import { Save } from 'lucide-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SectionDef, SectionRecord, SubItems } from '@bursary/shared';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { apiRequest, serverMessage } from '@/lib/api-client';
import { itemsOf } from '@/lib/record-text';
import type { Locale } from '@bursary/shared';
import { languageLabel } from '@/lib/locales-api';
import { toast } from '@/lib/toast';
import { refreshAfterRecordWrite } from '@/lib/write-refresh';
import type { SubItemTexts } from '../descriptor/sub-item-texts';
import { textIn, translationsOf } from './translated-values';
import { recordInEveryLanguageQuery, useMarkTranslationCurrent } from './translations-api';

interface SubItemTranslationProps {
  section: SectionDef & { subItems: SubItems };
  texts: SubItemTexts;
  locale: Locale;
  defaultLocale: Locale;
  /** Told whether texts are typed and not saved yet, so the list's switcher and the page ask before dropping them. */
  onEdited?: (edited: boolean) => void;
}

interface TranslatedItem {
  id: number;
  /** The default language's text, shown beside as the reference. */
  reference: string;
  /** The text in the language edited; null when it has none yet (the website shows the fallback's). */
  text: string | null;
  /** The default language's text changed after this one was written. */
  outdated: boolean;
}

/**
 * A sub-item list in another language: the same items in the same order as in every language, so only their texts
 * change here; adding, removing and reordering are done in the default language. A language may leave items
 * untranslated, as it may leave any translated field: the website shows those in their fallback language.
 */
export function SubItemTranslation({ section, texts, locale, defaultLocale, onEdited }: SubItemTranslationProps) {
  const read = useQuery(recordInEveryLanguageQuery(section, 'single'));
  if (read.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        {read.error.message}
      </p>
    );
  // the texts are read afresh each time the list opens in a language: what the cache holds may be from before the
  // last save (a read the save's refresh started may have been dropped when the list closed), and the inputs take
  // their first values only
  if (!read.isSuccess || !read.isFetchedAfterMount)
    return (
      <div className="flex justify-center p-4">
        <Spinner className="size-5" label={`Loading ${locale.name}`} />
      </div>
    );
  const sub = section.subItems;
  const items = (read.data.record ? itemsOf(read.data.record, sub.field) : []).map((item): TranslatedItem => ({
    id: item.id,
    reference: textIn(item[sub.itemKey], defaultLocale.code, true) ?? '',
    text: textIn(item[sub.itemKey], locale.code, false),
    outdated: translationsOf(item)?.[locale.code]?.outdated.includes(sub.itemKey) ?? false,
  }));
  return (
    <TranslatedItems
      section={section}
      texts={texts}
      locale={locale}
      defaultLocale={defaultLocale}
      onEdited={onEdited}
      items={items}
      etag={read.data.etag}
      record={read.data.record}
    />
  );
}

function TranslatedItems({
  section,
  texts,
  locale,
  defaultLocale,
  onEdited,
  items,
  etag,
  record,
}: SubItemTranslationProps & { items: TranslatedItem[]; etag: string | null; record: SectionRecord | null }) {
  const sub = section.subItems;
  const queryClient = useQueryClient();
  const [edits, setEdits] = useState(() => items.map((item) => ({ id: item.id, text: item.text ?? '' })));
  const edited = edits.some((edit, index) => edit.text !== (items[index]?.text ?? ''));
  useEffect(() => onEdited?.(edited), [edited, onEdited]);
  const markCurrent = useMarkTranslationCurrent(section);
  const save = useMutation({
    mutationFn: () =>
      apiRequest('PUT', `/api/${section.slug}/sub-edit/`, {
        // every item is sent, in its order; one left empty has no text in this language and shows its fallback's
        json: { [sub.field]: edits.map((edit) => ({ id: edit.id, [sub.itemKey]: edit.text.trim() })) },
        ifMatch: etag,
        query: { locale: locale.code },
      }),
    onSuccess: async () => {
      // the section's own words, and the language they were saved in, as the language's form names it
      toast({ title: texts.updated, description: `${locale.name} saved` });
      await refreshAfterRecordWrite(queryClient, section.slug);
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: texts.updateError.title,
        description: serverMessage(error) ?? texts.updateError.fallback,
      }),
  });

  if (items.length === 0) return <p className="text-sm text-muted-foreground">{texts.emptyList}</p>;
  return (
    <div className="grid gap-3" lang={locale.code}>
      <ol className="grid gap-3">
        {items.map((item, index) => (
          <li key={item.id} className="grid gap-2 md:grid-cols-2 md:items-center">
            {item.outdated && (
              <Badge variant="red" className="w-fit md:col-span-2">
                Needs update
              </Badge>
            )}
            <Input
              aria-label={`${texts.itemName} ${index + 1}`}
              value={edits[index]?.text ?? ''}
              onChange={(event) =>
                setEdits((current) => current.map((e) => (e.id === item.id ? { ...e, text: event.target.value } : e)))
              }
            />
            <p
              role="note"
              aria-label={`${texts.itemName} ${index + 1} in ${languageLabel(defaultLocale)}`}
              lang={defaultLocale.code}
              className="rounded-md border bg-muted/40 px-3 py-2 text-sm"
            >
              {item.reference}
            </p>
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap justify-end gap-2">
        {record && items.some((item) => item.outdated) && (
          <Button
            type="button"
            size="sm"
            variant="outline"
            loading={markCurrent.isPending}
            onClick={() =>
              markCurrent.mutate(
                { record, code: locale.code, fields: [sub.field], etag },
                {
                  onError: (error) =>
                    toast({
                      variant: 'destructive',
                      title: texts.updateError.title,
                      description: serverMessage(error) ?? texts.updateError.fallback,
                    }),
                },
              )
            }
          >
            Mark as up to date
          </Button>
        )}
        <Button type="button" size="sm" loading={save.isPending} onClick={() => save.mutate()}>
          {!save.isPending && <Save aria-hidden />}
          {texts.saveLabel}
        </Button>
      </div>
    </div>
  );
}
