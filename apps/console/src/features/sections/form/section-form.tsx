import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { isRequired, type SectionDef, type SectionRecord } from '@bursary/shared';
import { FieldInput } from '@/components/fields/field-input';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useDraft } from '@/lib/drafts';
import { sectionRecordQuery } from '../api';
import { useSaveRecord } from '../mutations';
import { ConflictNotice } from './conflict-notice';
import { type FormValues, initialValues, sectionResolver, toPayload } from './form-model';
import { handleSaveError } from './save-errors';

interface SectionFormProps {
  section: SectionDef;
  mode: 'create' | 'edit';
  /** The record being edited; null on create, or when a single-record section is set up. */
  record: SectionRecord | null;
  etag: string | null;
  /** The id in the path, if any (SPEC.md 7.2: PUT /api/{slug}/{id}, else /api/{slug}). */
  routeId?: string;
}

/** The generic create and edit form (SPEC.md 2.7, 2.8), built from the section's registry entry. */
export function SectionForm({ section, mode, record, etag: initialEtag, routeId }: SectionFormProps) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  // a single-record section without its record is created by its first save: create rules apply
  const writeMode = mode === 'edit' && record ? 'update' : 'create';
  const form = useForm<FormValues>({ defaultValues: initialValues(section, record), resolver: sectionResolver(section, writeMode) });
  const save = useSaveRecord(section.slug, mode);
  const [etag, setEtag] = useState(initialEtag);
  const [conflict, setConflict] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  const listPath = `/${section.slug}`;
  // react-hook-form tracks only the form state a render reads: read these here so the draft and
  // the conflict reload below see which fields the editor changed
  const { isDirty, dirtyFields } = form.formState;

  useDraft<FormValues>(pathname, {
    isDirty: () => isDirty,
    getValues: form.getValues,
    restore: (values) => form.reset({ ...form.getValues(), ...values }, { keepDefaultValues: true }),
  });

  const saveId = routeId ?? (section.kind === 'collection' && record ? String(record.id) : undefined);
  const onSubmit = form.handleSubmit((values) => {
    setConflict(null);
    save.mutate({ values: toPayload(section, values), id: saveId, etag }, {
      onSuccess: () => {
        toast({ title: mode === 'create' ? 'Content created successfully' : 'Content updated successfully' });
        form.reset(values);
        void navigate(listPath);
      },
      onError: (error) => setConflict(handleSaveError(error, form, mode === 'create' ? 'Failed to create content' : 'Failed to update content')),
    });
  });

  // Fields the editor has not touched take the current version; their own changes stay.
  const reload = async () => {
    setReloading(true);
    try {
      const fresh = await queryClient.fetchQuery(sectionRecordQuery(section, routeId));
      const current = initialValues(section, fresh.record);
      const dirty = dirtyFields as Record<string, unknown>;
      for (const [name, value] of Object.entries(current)) {
        if (!dirty[name]) form.setValue(name, value);
      }
      setEtag(fresh.etag);
      setConflict(null);
    } catch (error) {
      toast({ variant: 'destructive', title: error instanceof Error ? error.message : 'Failed to update content' });
    } finally {
      setReloading(false);
    }
  };

  const currentImage = (name: string) => (typeof record?.[name] === 'string' ? (record[name] as string) : null);

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-6">
      {conflict && <ConflictNotice message={conflict} reloading={reloading} onReload={() => void reload()} />}
      {Object.entries(section.fields).map(([name, def]) => (
        <FieldInput key={name} name={name} def={def} control={form.control} required={isRequired(def, writeMode)} currentImage={currentImage(name)} />
      ))}
      <div className="flex flex-wrap justify-end gap-2">
        <Button asChild variant="outline"><Link to={listPath}>Cancel</Link></Button>
        <Button type="submit" loading={save.isPending}>{mode === 'create' ? 'Create Content' : 'Save Changes'}</Button>
      </div>
    </form>
  );
}
