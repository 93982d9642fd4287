import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SectionDef, SectionRecord } from '@bursary/shared';
import { Spinner } from '@/components/ui/spinner';
import { FieldInput } from '@/components/fields/field-input';
import { altFieldOf } from '@/components/fields/alt-text-input';
import { DefaultLanguageText } from '@/components/default-language-text';
import { fieldText } from '@/lib/record-text';
import type { Locale } from '@bursary/shared';
import { toast } from '@/lib/toast';
import { FieldValue } from '../form/read-only-record';
import { altTexts, type FormValues, imageFields, initialValues, sectionResolver, toPayload } from '../form/form-model';
import { handleSaveError } from '../form/save-errors';
import { ConflictNotice } from '../form/conflict-notice';
import { publishingOf } from '@/lib/publishing';
import { useOfferUnsavedEdits } from '../form/unsaved-edits';
import { useUnsavedChangesGuard } from '../form/unsaved-changes';
import { scheduledText } from '../publishing/publish-now-question';
import { ImageInLanguage } from './image-in-language';
import { NeedsUpdate } from './needs-update';
import { TranslationActions } from './translation-actions';
import { editedIn, recordIn, textIn, translationsOf } from './translated-values';
import {
  type LanguageVersion,
  type RecordInEveryLanguage,
  recordInEveryLanguageQuery,
  recordInLanguageQuery,
  useMarkTranslationCurrent,
  useSaveTranslation,
  useSaveTranslationDraft,
} from './translations-api';

interface TranslationFormProps {
  section: SectionDef;
  /** The record as the default language's edit screen read it (its id and publishing state). */
  record: SectionRecord;
  /** The language edited: not the default one. */
  locale: Locale;
  defaultLocale: Locale;
  /** Called once 'Save as draft' kept this language's text waiting: the screen reads the record again and stays. */
  onDraftSaved?: () => void;
}

/** The section's translated fields, none of them required: a language may leave a field to its fallback. */
const asTranslation = (section: SectionDef): SectionDef => ({
  ...section,
  fields: Object.fromEntries(
    Object.entries(section.fields)
      .filter(([, def]) => def.translated)
      .map(([name, def]) => [name, { ...def, required: 'never' as const }]),
  ),
});

/**
 * The form values of the alternative texts of the record's stored images in one language, from a read in every
 * language: the language's own text, '' when it has none (the website then shows the fallback's). An image's text is
 * never waiting with a language's changes, so the live read has it.
 */
const altsIn = (section: SectionDef, every: SectionRecord, code: string): FormValues =>
  Object.fromEntries(
    imageFields(section)
      .filter((name) => fieldText(every, name) !== '')
      .map((name) => [altFieldOf(name), textIn(every[altFieldOf(name)], code, false) ?? '']),
  );

/**
 * A record's form in a language other than the default: the translated fields, each beside the default language's
 * text; a field left blank that had no text in this language shows the fallback's on the website. Shared fields are
 * read here, and changed in the default language; an image is shared, its alternative text is the language's own.
 */
export function TranslationForm(props: TranslationFormProps) {
  const { section, record, locale } = props;
  const id = section.kind === 'collection' ? record.id : 'single';
  const read = useQuery(recordInEveryLanguageQuery(section, id));
  const inLanguage = useQuery(recordInLanguageQuery(section, id, locale.code));
  const failure = read.error ?? inLanguage.error;
  if (failure)
    return (
      <p role="alert" className="text-destructive">
        {failure.message}
      </p>
    );
  // read afresh each time the form opens: the form takes its first values only, and the cache may be from before the
  // last save
  if (!read.isSuccess || !inLanguage.isSuccess || !read.isFetchedAfterMount || !inLanguage.isFetchedAfterMount)
    return (
      <div className="flex justify-center p-8">
        <Spinner className="size-6" label={`Loading ${locale.name}`} />
      </div>
    );
  return <TranslationFields {...props} read={read.data} waiting={inLanguage.data.waiting} />;
}

function TranslationFields({
  section,
  record,
  locale,
  defaultLocale,
  onDraftSaved,
  read,
  waiting,
}: TranslationFormProps & { read: RecordInEveryLanguage; waiting: LanguageVersion | null }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const translation = asTranslation(section);
  const every = read.record ?? record;
  const inLanguage = editedIn(section, every, locale.code, waiting?.record);
  const inDefault = recordIn(section, every, defaultLocale.code, true);
  const started = { ...initialValues(translation, inLanguage), ...altsIn(section, every, locale.code) };
  const form = useForm<FormValues>({ defaultValues: started, resolver: sectionResolver(translation, 'update') });
  // leaving with text typed in this language asks first, as the default language's form does
  const guard = useUnsavedChangesGuard(form.formState.isDirty);
  const save = useSaveTranslation(section);
  const saveDraft = useSaveTranslationDraft(section);
  const [conflict, setConflict] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  const [etag, setEtag] = useState(read.etag);
  const [waitingEtag, setWaitingEtag] = useState(waiting?.etag ?? null);
  // this language's waiting changes, or the record's scheduled publish, wait for a publish: 'Save as draft' is then
  // the form's submit, so no save publishes what the banner says is scheduled
  const state = publishingOf(every);
  const holds = state.status !== 'draft' && (waiting !== null || state.publishAt !== null);
  const failed = (error: unknown, fallback: string) => setConflict(handleSaveError(error, form, fallback));
  const markCurrent = useMarkTranslationCurrent(section);
  const [marked, setMarked] = useState<readonly string[]>([]);
  const outdated = new Set(
    (translationsOf(every)?.[locale.code]?.outdated ?? []).filter((name) => !marked.includes(name)),
  );
  const mark = (name: string) =>
    markCurrent.mutate(
      { record, code: locale.code, fields: [name], etag },
      {
        onSuccess: ({ etag: next }) => {
          setMarked((names) => [...names, name]);
          if (next) setEtag(next);
        },
        onError: (error) => failed(error, 'Failed to update content'),
      },
    );

  // shared fields are sent as they are (an image left out is kept); a translated field with no text in this language
  // that is left blank is not sent, so the website keeps showing its fallback's
  const payloadOf = (values: FormValues) => {
    const payload = toPayload(section, { ...initialValues(section, every), ...values });
    for (const name of Object.keys(started)) if (payload[name] === '' && started[name] === '') delete payload[name];
    // an alternative text is sent only when changed here, so a text set meanwhile in Media is not put back
    const stored = altsIn(section, every, locale.code);
    return {
      ...payload,
      ...altTexts(section, values, { started, hasStoredImage: (name) => altFieldOf(name) in stored }),
    };
  };

  // Fields the editor has not touched take the current version; their own changes stay.
  const reload = async () => {
    setReloading(true);
    try {
      const id = section.kind === 'collection' ? record.id : 'single';
      const fresh = await queryClient.fetchQuery(recordInEveryLanguageQuery(section, id));
      const freshWaiting = (await queryClient.fetchQuery(recordInLanguageQuery(section, id, locale.code))).waiting;
      const current = {
        ...initialValues(translation, editedIn(section, fresh.record ?? record, locale.code, freshWaiting?.record)),
        ...altsIn(section, fresh.record ?? record, locale.code),
      };
      setWaitingEtag(freshWaiting?.etag ?? null);
      const dirty = form.formState.dirtyFields as Record<string, unknown>;
      for (const [name, value] of Object.entries(current)) if (!dirty[name]) form.setValue(name, value);
      setEtag(fresh.etag);
      setConflict(null);
    } catch (error) {
      toast({ variant: 'destructive', title: error instanceof Error ? error.message : 'Failed to update content' });
    } finally {
      setReloading(false);
    }
  };

  // 'Save Français' on a record with nothing waiting, 'Publish now' over a draft or this language's waiting changes
  const publish = form.handleSubmit((values) => {
    setConflict(null);
    save.mutate(
      { record: every, code: locale.code, values: payloadOf(values), etag, publishNow: holds },
      {
        onSuccess: () => {
          toast({ title: holds ? 'Published' : `${locale.name} saved` });
          guard.allowLeaving();
          form.reset(values);
          void navigate(`/${section.slug}`);
        },
        onError: (error) => failed(error, 'Failed to update content'),
      },
    );
  });

  // 'Save as draft': this language's text waits for a publish (saying when, if scheduled), and the screen stays with
  // its banner. A draft record's text is saved in place, off the website with the draft. `told` is false when the
  // banner's Schedule keeps the edits waiting and says so itself.
  const keepDraft = (values: FormValues, told = true) =>
    new Promise<boolean>((resolve) => {
      setConflict(null);
      const input = { record: every, code: locale.code, values: payloadOf(values) };
      const done = {
        onSuccess: () => {
          if (told)
            toast({ title: 'Draft saved', description: state.publishAt ? scheduledText(state.publishAt) : undefined });
          guard.allowLeaving();
          form.reset(values);
          onDraftSaved?.();
          resolve(true);
        },
        onError: (error: unknown) => {
          failed(error, 'Failed to save draft');
          resolve(false);
        },
      };
      if (state.status === 'draft') save.mutate({ ...input, etag }, done);
      else saveDraft.mutate({ ...input, etag: waitingEtag }, done);
    });
  const onSaveDraft = form.handleSubmit((values) => keepDraft(values).then(() => undefined));
  useOfferUnsavedEdits({
    dirty: () => form.formState.isDirty,
    keepWaiting: async () => {
      let kept = false;
      await form.handleSubmit(async (values) => {
        kept = await keepDraft(values, false);
      })();
      return kept;
    },
  });

  return (
    <form
      noValidate
      onSubmit={(event) => void (holds ? onSaveDraft(event) : publish(event))}
      className="grid gap-6"
      lang={locale.code}
    >
      {conflict && <ConflictNotice message={conflict} reloading={reloading} onReload={() => void reload()} />}
      {Object.entries(section.fields).map(([name, def]) =>
        def.translated ? (
          <div key={name} className="grid gap-3 md:grid-cols-2 md:items-start">
            {outdated.has(name) && (
              <NeedsUpdate
                label={def.label}
                defaultLocale={defaultLocale}
                marking={markCurrent.isPending && markCurrent.variables.fields.includes(name)}
                onMark={() => mark(name)}
              />
            )}
            <FieldInput name={name} def={def} control={form.control} required={false} />
            <DefaultLanguageText label={def.label} defaultLocale={defaultLocale}>
              <FieldValue def={def} value={fieldText(inDefault, name)} alt="" />
            </DefaultLanguageText>
          </div>
        ) : def.kind === 'image' ? (
          <ImageInLanguage
            key={name}
            name={name}
            def={def}
            control={form.control}
            image={fieldText(every, name)}
            alt={{
              own: textIn(every[altFieldOf(name)], locale.code, false) ?? '',
              inDefault: textIn(every[altFieldOf(name)], defaultLocale.code, true) ?? '',
            }}
            locale={locale}
            defaultLocale={defaultLocale}
          />
        ) : (
          <div key={name} role="group" aria-label={def.label} className="grid gap-1">
            <span className="text-sm font-medium">{def.label}</span>
            <div lang={defaultLocale.code}>
              <FieldValue def={def} value={fieldText(every, name)} alt="" />
            </div>
            <span className="text-sm text-muted-foreground">Shared by all languages</span>
          </div>
        ),
      )}
      <TranslationActions
        section={section}
        locale={locale}
        state={state}
        holds={holds}
        saving={save.isPending}
        savingDraft={saveDraft.isPending}
        onPublish={() => void publish()}
        onSaveDraft={() => void onSaveDraft()}
      />
    </form>
  );
}
