import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { isFilled, isRequired, type SectionDef, type SectionRecord, type WriteMode } from '@bursary/shared';
import { FieldInput } from '@/components/fields/field-input';
import { toast } from '@/lib/toast';
import { publishingOf } from '@/lib/publishing';
import { useDraft } from '@/lib/drafts';
import { serverMessage } from '@/lib/api-client';
import { useUnsavedChangesGuard } from './unsaved-changes';
import { useOfferUnsavedEdits } from './unsaved-edits';
import { scheduledText } from '@/features/sections/publishing/publish-now-question';
import { type EditableRecord, sectionRecordQuery } from '@/lib/section-api';
import { useSaveDraft } from '@/features/sections/publishing/publishing-api';
import { useSaveRecord } from './save-record';
import { ConflictNotice } from './conflict-notice';
import { FormActions } from './form-actions';
import {
  altTexts,
  checkedValue,
  type FormValues,
  initialValues,
  pickedFocalPoints,
  sectionResolver,
  toPayload,
} from './form-model';
import { type FormVariant, sectionForVariant } from './form-variant';
import { handleSaveError } from './save-errors';
import { useFocusFieldFromAddress } from './focus-field';

interface SectionFormProps {
  section: SectionDef;
  /** A create screen POSTs, an update (edit) screen PUTs. */
  mode: WriteMode;
  /** The record being edited; null on create, or when a single-record section is set up. */
  record: SectionRecord | null;
  etag: string | null;
  /** The published record's pending changes, which the form edits instead of the live version. */
  pending?: EditableRecord['pending'];
  /** The id in the path, if any (PUT /api/{slug}/{id}, else /api/{slug}). */
  routeId?: string;
  /** A dedicated create screen's own words and checks. */
  variant?: FormVariant;
  /** Called once 'Save as draft' kept an edit waiting: the screen reads the record again and stays. */
  onDraftSaved?: () => void;
}

const DRAFT_SAVED = 'Draft saved';

/** Where a record saved as a draft is edited next, with its banner's Preview and Publish. */
const editPathOf = (section: SectionDef, id: unknown) =>
  section.kind === 'collection' && (typeof id === 'number' || typeof id === 'string')
    ? `/${section.slug}/edit/${id}`
    : `/${section.slug}/edit`;

/** The generic create and edit form, built from the section's registry entry. */
export function SectionForm({
  section: registered,
  mode,
  record,
  etag: initialEtag,
  pending = null,
  routeId,
  variant,
  onDraftSaved,
}: SectionFormProps) {
  const section = sectionForVariant(registered, variant);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  // a single-record section without its record is created by its first save: create rules apply
  const writeMode: WriteMode = mode === 'update' && record ? 'update' : 'create';
  const form = useForm<FormValues>({
    defaultValues: initialValues(section, pending?.record ?? record),
    resolver: sectionResolver(section, writeMode),
    mode: variant?.validate ?? 'onSubmit',
  });
  useFocusFieldFromAddress();
  const save = useSaveRecord(section.slug, mode);
  const saveDraft = useSaveDraft(section);
  const [etag, setEtag] = useState(initialEtag);
  const [pendingEtag, setPendingEtag] = useState(pending?.etag ?? null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  const listPath = `/${section.slug}`;
  // react-hook-form tracks only the form state a render reads: read these here so the draft and
  // the conflict reload below see which fields the editor changed
  const { isDirty, dirtyFields } = form.formState;
  // An edit screen and a dedicated create screen ask before unsaved input is left behind
  const guard = useUnsavedChangesGuard((Boolean(variant) || mode === 'update') && isDirty);
  // A dedicated screen's submit waits until every required field holds text
  const values = useWatch({ control: form.control, disabled: !variant });
  const waiting =
    Boolean(variant) &&
    Object.entries(section.fields).some(
      ([name, def]) => isRequired(def, writeMode) && !isFilled(def, checkedValue(def, values[name] ?? null)),
    );

  useDraft<FormValues>(pathname, {
    isDirty: () => isDirty,
    getValues: form.getValues,
    restore: (values) => form.reset({ ...form.getValues(), ...values }, { keepDefaultValues: true }),
  });

  const shown = pending?.record ?? record;
  const currentImage = (name: string) => (typeof shown?.[name] === 'string' ? (shown[name] as string) : null);
  // the record's fields, and the alternative texts of its images, in one save
  const payloadOf = (values: FormValues) => ({
    ...toPayload(section, values, { trim: variant?.trim }),
    ...altTexts(section, values, {
      started: form.formState.defaultValues ?? {},
      hasStoredImage: (name) => Boolean(currentImage(name)),
    }),
  });

  const saveId = routeId ?? (section.kind === 'collection' && record ? String(record.id) : undefined);
  // A draft, a published record's pending changes, or a record with a publish scheduled waits for a publish: a save
  // keeps the edit waiting (for the schedule, when there is one) unless the editor says 'Publish now', which asks
  // first when a schedule would have published it later
  const held = record ? publishingOf(record) : null;
  const scheduledAt = held?.publishAt ?? null;
  const holds = held !== null && (held.status === 'draft' || held.hasChanges || scheduledAt !== null);
  const afterSave = (values: FormValues, title: string, description?: string) => {
    toast({ title, description });
    guard.allowLeaving();
    form.reset(values);
  };
  const failed = (error: unknown, fallback: string) =>
    setConflict(
      handleSaveError(
        error,
        form,
        fallback,
        variant &&
          ((failure) =>
            toast({
              variant: 'destructive',
              title: variant.failed.title,
              description: serverMessage(failure) ?? variant.failed.fallback,
            })),
      ),
    );
  const publish = form.handleSubmit((values) => {
    setConflict(null);
    const done = holds
      ? 'Published'
      : (variant?.created ?? (mode === 'create' ? 'Content created successfully' : 'Content updated successfully'));
    save.mutate(
      {
        values: payloadOf(values),
        id: saveId,
        etag,
        hadPending: pending !== null,
        focal: pickedFocalPoints(section, values),
      },
      {
        onSuccess: () => {
          afterSave(values, done);
          void navigate(listPath);
        },
        onError: (error) => failed(error, mode === 'create' ? 'Failed to create content' : 'Failed to update content'),
      },
    );
  });
  // a draft saved stays in view with its banner, so Preview and Publish are one click away; a scheduled one says when
  // it goes live. `told` is false when the banner's Schedule keeps the edits waiting and says so itself.
  const keepDraft = (values: FormValues, told = true) =>
    new Promise<boolean>((resolve) => {
      setConflict(null);
      saveDraft.mutate(
        { values: payloadOf(values), record, etag, pendingEtag, focal: pickedFocalPoints(section, values) },
        {
          onSuccess: ({ data }) => {
            if (told) afterSave(values, DRAFT_SAVED, scheduledAt ? scheduledText(scheduledAt) : undefined);
            else form.reset(values);
            guard.allowLeaving();
            onDraftSaved?.();
            if (!record) void navigate(editPathOf(section, (data as SectionRecord | null)?.id));
            resolve(true);
          },
          onError: (error) => {
            failed(error, 'Failed to save draft');
            resolve(false);
          },
        },
      );
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

  // Fields the editor has not touched take the current version; their own changes stay.
  const reload = async () => {
    setReloading(true);
    try {
      const fresh = await queryClient.fetchQuery(sectionRecordQuery(section, routeId));
      const current = initialValues(section, fresh.pending?.record ?? fresh.record);
      const dirty = dirtyFields as Record<string, unknown>;
      for (const [name, value] of Object.entries(current)) {
        if (!dirty[name]) form.setValue(name, value);
      }
      setEtag(fresh.etag);
      setPendingEtag(fresh.pending?.etag ?? null);
      setConflict(null);
    } catch (error) {
      toast({ variant: 'destructive', title: error instanceof Error ? error.message : 'Failed to update content' });
    } finally {
      setReloading(false);
    }
  };

  // a refused file is dropped without a check of the form, which would clear the message at once
  const refuse = (name: string, message: string) => {
    form.setValue(name, null, { shouldDirty: true });
    form.setError(name, { type: 'type', message });
  };

  return (
    <form noValidate onSubmit={(event) => void (holds ? onSaveDraft(event) : publish(event))} className="grid gap-6">
      {conflict && <ConflictNotice message={conflict} reloading={reloading} onReload={() => void reload()} />}
      {Object.entries(section.fields).map(([name, def]) => {
        const own = variant?.fields?.[name];
        return (
          <FieldInput
            key={name}
            name={name}
            def={def}
            control={form.control}
            required={isRequired(def, writeMode)}
            currentImage={currentImage(name)}
            help={own?.help}
            tone={own?.tone}
            imageTypes={own?.imageTypes}
            onRefused={(message) => refuse(name, message)}
          />
        );
      })}
      <FormActions
        listPath={listPath}
        mode={mode}
        variant={variant}
        holds={holds}
        scheduledAt={scheduledAt}
        waiting={waiting}
        saving={save.isPending}
        savingDraft={saveDraft.isPending}
        onPublish={() => void publish()}
        onSaveDraft={() => void onSaveDraft()}
      />
    </form>
  );
}
