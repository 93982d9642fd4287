import type { Control } from 'react-hook-form';
import type { FieldDef, Locale } from '@bursary/shared';
import { ALT_TEXT_LABEL, altFieldOf, AltTextInput } from '@/components/fields/alt-text-input';
import { DefaultLanguageText } from '@/components/default-language-text';
import { FieldValue } from '../form/read-only-record';
import type { FormValues } from '../form/form-model';

interface ImageInLanguageProps {
  name: string;
  def: FieldDef;
  control: Control<FormValues>;
  /** The stored image's address; '' when the field holds none. */
  image: string;
  /** The image's alternative text in the language edited ('' when it has none yet) and in the default language. */
  alt: { own: string; inDefault: string };
  locale: Locale;
  defaultLocale: Locale;
}

/**
 * An image field in a language other than the default: the image is one for every language, read here; its
 * alternative text is the language's own, edited beside the default language's as any translated field is. A field
 * without an image has no text to write.
 */
export function ImageInLanguage({ name, def, control, image, alt, locale, defaultLocale }: ImageInLanguageProps) {
  const shownIn = alt.own ? locale : defaultLocale;
  return (
    <div className="grid gap-4">
      <div role="group" aria-label={def.label} className="grid gap-1">
        <span className="text-sm font-medium">{def.label}</span>
        <div lang={shownIn.code}>
          <FieldValue def={def} value={image} alt={alt.own || alt.inDefault} altShownApart />
        </div>
        <span className="text-sm text-muted-foreground">Shared by all languages</span>
      </div>
      {image !== '' && (
        <div className="grid gap-3 md:grid-cols-2 md:items-start">
          <AltTextInput name={altFieldOf(name)} control={control} />
          <DefaultLanguageText label={ALT_TEXT_LABEL} defaultLocale={defaultLocale}>
            {alt.inDefault ? (
              <span className="break-words">{alt.inDefault}</span>
            ) : (
              <span className="text-muted-foreground">Not set</span>
            )}
          </DefaultLanguageText>
        </div>
      )}
    </div>
  );
}
