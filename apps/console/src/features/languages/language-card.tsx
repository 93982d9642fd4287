import { type FormEvent, useId, useState } from 'react';
import { Trash2 } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { toast } from '@/lib/toast';
import { toastFailure } from '@/lib/failure-toast';
import type { Locale } from '@bursary/shared';
import { useLocaleMutations } from '@/lib/locales-api';

const SELECT_CLASS =
  'h-10 w-full rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50';

/** What a delete takes away, said before it is done. */
const deleteQuestion = (locale: Locale) =>
  `${locale.name} (${locale.code}) will be deleted with its translations in every record. ` +
  'The website then shows those records in their fallback language. History keeps each removed translation, ' +
  'so it can be restored.';

/** One language: its name, its fallback, whether the website shows it, and its delete. */
export function LanguageCard({ locale, locales }: { locale: Locale; locales: readonly Locale[] }) {
  const { change, remove } = useLocaleMutations();
  const [name, setName] = useState(locale.name);
  const nameId = useId();
  const fallbackId = useId();
  const publicId = useId();
  const headingId = useId();
  const others = locales.filter((other) => other.code !== locale.code);
  const defaultName = locales.find((other) => other.default)?.name ?? 'the default language';

  const rename = (event: FormEvent) => {
    event.preventDefault();
    change.mutate(
      { code: locale.code, name: name.trim() },
      {
        onSuccess: () => toast({ title: 'Language renamed' }),
        onError: (error) => toastFailure('Could not rename the language', error),
      },
    );
  };
  const setFallback = (fallback: string) =>
    change.mutate(
      { code: locale.code, fallback: fallback === '' ? null : fallback },
      {
        onSuccess: () => toast({ title: 'Fallback changed' }),
        onError: (error) => toastFailure('Could not change the fallback', error),
      },
    );
  const setPublic = (shown: boolean) =>
    change.mutate(
      { code: locale.code, public: shown },
      {
        onSuccess: () => toast({ title: shown ? 'Shown on the website' : 'Hidden from the website' }),
        onError: (error) => toastFailure('Could not change the language', error),
      },
    );
  const deleteLanguage = () =>
    remove.mutate(locale.code, {
      onSuccess: () => toast({ title: 'Language deleted' }),
      onError: (error) => toastFailure('Could not delete the language', error),
    });

  return (
    <section aria-labelledby={headingId} className="grid gap-4 rounded-lg border p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="flex flex-wrap items-center gap-2 text-lg font-semibold">
          {locale.name}
          <span className="font-mono text-sm font-normal text-muted-foreground">{locale.code}</span>
          {locale.default && <Badge variant="secondary">Default</Badge>}
        </h2>
        {!locale.default && (
          <ConfirmDialog
            title={`Delete ${locale.name}?`}
            description={deleteQuestion(locale)}
            confirmLabel="Delete"
            onConfirm={deleteLanguage}
            trigger={
              <Button type="button" size="sm" variant="destructive" loading={remove.isPending}>
                {!remove.isPending && <Trash2 aria-hidden />}
                Delete
              </Button>
            }
          />
        )}
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <form noValidate onSubmit={rename} className="grid gap-2">
          <Label htmlFor={nameId}>Name</Label>
          <div className="flex gap-2">
            <Input id={nameId} value={name} onChange={(event) => setName(event.target.value)} />
            <Button
              type="submit"
              variant="outline"
              disabled={name.trim() === '' || name.trim() === locale.name}
              loading={change.isPending && change.variables?.name !== undefined}
            >
              Rename
            </Button>
          </div>
        </form>
        {!locale.default && (
          <div className="grid gap-2">
            <Label htmlFor={fallbackId}>Fallback</Label>
            <select
              id={fallbackId}
              className={SELECT_CLASS}
              value={locale.fallback ?? ''}
              disabled={change.isPending}
              onChange={(event) => setFallback(event.target.value)}
            >
              <option value="">{`${defaultName} (default)`}</option>
              {others
                .filter((other) => !other.default)
                .map((other) => (
                  <option key={other.code} value={other.code}>
                    {other.name}
                  </option>
                ))}
            </select>
          </div>
        )}
      </div>
      <div className="flex items-center gap-3">
        <Switch
          id={publicId}
          checked={locale.public}
          // the default language is always on the website
          disabled={locale.default || change.isPending}
          onCheckedChange={setPublic}
        />
        <Label htmlFor={publicId}>Show on the website</Label>
      </div>
    </section>
  );
}
