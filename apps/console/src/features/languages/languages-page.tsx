import { ErrorPanel, ListLoading } from '@/components/list-states';
import { useCan } from '@/lib/permissions';
import { useLocales } from '@/lib/locales-api';
import { AddLanguageForm } from './add-language-form';
import { LanguageCard } from './language-card';

/** /languages for administrators: the website's languages; others are told who keeps them. */
export function LanguagesPage() {
  const isAdmin = useCan('locales:manage');
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <div className="grid gap-1">
        <h1 className="text-3xl font-bold tracking-tight">Languages</h1>
        <p className="text-muted-foreground">
          {isAdmin
            ? 'The languages the website is written in. A new language stays off the website until you show it.'
            : 'Languages are managed by administrators.'}
        </p>
      </div>
      {isAdmin && <LanguageAdministration />}
    </div>
  );
}

function LanguageAdministration() {
  const locales = useLocales();
  let list;
  if (locales.isPending) list = <ListLoading noun="languages" />;
  else if (locales.isError) list = <ErrorPanel noun="languages" error={locales.error} />;
  else
    list = (
      <div className="grid gap-4">
        {locales.data.map((locale) => (
          // keyed by name too, so a rename from elsewhere refreshes the name being edited
          <LanguageCard key={`${locale.code}\n${locale.name}`} locale={locale} locales={locales.data} />
        ))}
      </div>
    );
  return (
    <>
      <AddLanguageForm />
      {list}
    </>
  );
}
