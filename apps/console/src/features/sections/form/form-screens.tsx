import type * as React from 'react';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { findSection, type SectionDef, UNSUPPORTED_SECTION } from '@bursary/shared';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { PageLoading } from '@/components/page-loading';
import { useRichTextEditorReady } from '@/components/rich-text';
import { toast } from '@/lib/toast';
import { useCan } from '@/lib/permissions';
import { sectionRecordQuery } from '@/lib/section-api';
import { slugHeading } from '@/lib/record-text';
import { HistoryButton } from '@/components/history-link';
import { PublishingBanner } from '@/features/sections/publishing/publishing-banner';
import { type FormVariant, sectionForVariant } from './form-variant';
import { CannotCreate, ReadOnlyRecord } from './read-only-record';
import { SectionForm } from './section-form';
import { UnsavedEditsProvider } from './unsaved-edits';
import { useEditedLanguage } from '@/features/sections/languages/use-edited-language';
import { EditLanguageSwitcher } from '@/features/sections/languages/language-switcher';
import { TranslationForm } from '@/features/sections/languages/translation-form';
import { LanguageBanner } from '@/features/sections/languages/language-banner';

/** The section is the path's first segment, 'content' when there is none. */
function useSlug(): string {
  const { pathname } = useLocation();
  return pathname.split('/').filter(Boolean)[0] ?? 'content';
}

/** The page around a form; the card's title is read out only, unless the screen shows one. */
function FormFrame({
  heading,
  cardTitle,
  actions,
  children,
}: {
  heading: string;
  cardTitle?: string;
  actions?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight">{heading}</h1>
        {actions}
      </div>
      <Card>
        <CardHeader className={cardTitle ? undefined : 'sr-only'}>
          <CardTitle as="h2">{cardTitle ?? heading}</CardTitle>
        </CardHeader>
        <CardContent className={cardTitle ? undefined : 'pt-6'}>{children}</CardContent>
      </Card>
    </div>
  );
}

function Loading({ label }: { label: string }) {
  return (
    <div className="flex justify-center p-8">
      <Spinner className="size-6" label={label} />
    </div>
  );
}

/** True once the form can appear whole: the rich-text editor's code is here when the section has such a field. */
const useFormReady = (section: SectionDef | undefined) =>
  useRichTextEditorReady(Object.values(section?.fields ?? {}).some((def) => def.kind === 'richtext'));

function Unsupported() {
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-semibold">{UNSUPPORTED_SECTION}</h1>
    </div>
  );
}

/** /:slug/create and /content/create. */
export function CreateScreen() {
  const slug = useSlug();
  const canEdit = useCan('content:write');
  const section = findSection(slug);
  const ready = useFormReady(canEdit ? section : undefined);
  if (!section) return <Unsupported />;
  if (!ready) return <PageLoading />;
  return (
    <FormFrame heading={`Create ${slugHeading(slug)}`}>
      {canEdit ? (
        <SectionForm key={slug} section={section} mode="create" record={null} etag={null} />
      ) : (
        <CannotCreate section={section} />
      )}
    </FormFrame>
  );
}

/** A dedicated create screen: the generic form in its own words (/create-testimonial, /create-faq). */
export function DedicatedCreateScreen({
  section,
  heading,
  variant,
}: {
  section: SectionDef;
  heading: string;
  variant: FormVariant;
}) {
  const canEdit = useCan('content:write');
  const ready = useFormReady(canEdit ? sectionForVariant(section, variant) : undefined);
  if (!ready) return <PageLoading />;
  return (
    <FormFrame heading={heading} cardTitle={variant.cardTitle}>
      {canEdit ? (
        <SectionForm section={section} mode="create" record={null} etag={null} variant={variant} />
      ) : (
        <CannotCreate section={section} />
      )}
    </FormFrame>
  );
}

/** /:slug/edit/:id and /:slug/edit/. */
export function EditScreen() {
  const slug = useSlug();
  const section = findSection(slug);
  if (!section) return <Unsupported />;
  return <EditLoader key={slug} section={section} />;
}

function EditLoader({ section }: { section: SectionDef }) {
  const { id } = useParams();
  const navigate = useNavigate();
  const canEdit = useCan('content:write');
  const record = useQuery(sectionRecordQuery(section, id || undefined));
  // the editor's code loads beside the record; the form appears whole, so nothing moves under the pointer
  const ready = useFormReady(canEdit ? section : undefined);
  // a publish, a discard or a draft saved changes what the form edits: it starts again from the record as read after it
  const [version, setVersion] = useState(0);
  // with two or more languages, the one the form edits; the default language's form is the one without languages
  const language = useEditedLanguage();
  const { defaultLanguage, edited: editedLanguage } = language;

  // A load failure is told as a toast, then back to the section's list.
  useEffect(() => {
    if (!record.isError) return;
    toast({ variant: 'destructive', title: record.error.message });
    void navigate(`/${section.slug}`, { replace: true });
  }, [record.isError, record.error, navigate, section.slug]);

  // the section by its name, as the navigation shows it ('Edit FAQs'), not by its address ('faqs')
  const heading = `Edit ${section.label}`;
  if (!record.isSuccess) {
    return (
      <FormFrame heading={heading}>
        <Loading label="Loading record" />
      </FormFrame>
    );
  }
  const saved = record.data.record;
  return (
    <FormFrame heading={heading} actions={saved && <HistoryButton section={section} recordId={saved.id} />}>
      <UnsavedEditsProvider>
        <div className="grid gap-6">
          {saved && canEdit && editedLanguage ? (
            <LanguageBanner
              section={section}
              record={saved}
              locale={editedLanguage}
              onChanged={() => setVersion((n) => n + 1)}
            />
          ) : (
            saved && (
              <PublishingBanner
                section={section}
                record={saved}
                pending={record.data.pending?.record ?? null}
                canEdit={canEdit}
                onChanged={() => setVersion((n) => n + 1)}
              />
            )
          )}
          {canEdit && saved && <EditLanguageSwitcher language={language} />}
          {!canEdit ? (
            <ReadOnlyRecord section={section} record={saved} />
          ) : !ready ? (
            <Loading label="Loading the editor" />
          ) : saved && defaultLanguage && editedLanguage ? (
            <TranslationForm
              key={`${editedLanguage.code}-${version}`}
              section={section}
              record={saved}
              locale={editedLanguage}
              defaultLocale={defaultLanguage}
              onDraftSaved={() => setVersion((n) => n + 1)}
            />
          ) : (
            <SectionForm
              key={version}
              section={section}
              mode="update"
              record={saved}
              etag={record.data.etag}
              pending={record.data.pending}
              routeId={id || undefined}
              onDraftSaved={() => setVersion((n) => n + 1)}
            />
          )}
        </div>
      </UnsavedEditsProvider>
    </FormFrame>
  );
}
