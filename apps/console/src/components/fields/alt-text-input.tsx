import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { ALT_FIELD_SUFFIX, MEDIA_ALT_MAX_LENGTH } from '@bursary/shared/media';
import { TextInput } from './basic-inputs';
import { describedByOf, FieldShell } from './field-shell';

export const ALT_TEXT_LABEL = 'Alternative text';
/** What good alternative text is, in one line under every alternative-text input. */
export const ALT_TEXT_HINT =
  'Say what the image shows for people who cannot see it, in a short sentence. Leave out "image of".';

/** The form value (and the record's field) that holds the alternative text of image field `name`. */
export const altFieldOf = (name: string) => `${name}${ALT_FIELD_SUFFIX}`;

interface AltTextInputProps<T extends FieldValues> {
  /** The alternative-text value's own name: `altFieldOf(imageField)`. */
  name: Path<T>;
  control: Control<T>;
}

/** The 'Alternative text' input beside an image field: what a screen reader says instead of the picture. */
export function AltTextInput<T extends FieldValues>({ name, control }: AltTextInputProps<T>) {
  const id = `field-${name}`;
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => {
        const error = fieldState.error?.message;
        return (
          <FieldShell id={id} label={ALT_TEXT_LABEL} error={error} help={ALT_TEXT_HINT}>
            <TextInput
              id={id}
              value={typeof field.value === 'string' ? field.value : ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              maxLength={MEDIA_ALT_MAX_LENGTH}
              invalid={Boolean(error)}
              describedBy={describedByOf(id, { error, help: ALT_TEXT_HINT })}
            />
          </FieldShell>
        );
      }}
    />
  );
}
