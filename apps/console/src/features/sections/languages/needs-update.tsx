import type { Locale } from '@bursary/shared';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { languageLabel } from '@/lib/locales-api';

interface NeedsUpdateProps {
  /** The field's label: the group is named '{label} needs update'. */
  label: string;
  defaultLocale: Locale;
  /** 'Mark as up to date' is on its way for this field. */
  marking: boolean;
  onMark: () => void;
}

/** Above a translated field whose default-language text changed after this language's was written. */
export function NeedsUpdate({ label, defaultLocale, marking, onMark }: NeedsUpdateProps) {
  return (
    <div role="group" aria-label={`${label} needs update`} className="flex flex-wrap items-center gap-2 md:col-span-2">
      <Badge variant="red">Needs update</Badge>
      <span className="text-sm text-muted-foreground">
        The {languageLabel(defaultLocale)} text changed after this one was written.
      </span>
      <Button type="button" size="sm" variant="outline" loading={marking} onClick={onMark}>
        Mark as up to date
      </Button>
    </div>
  );
}
