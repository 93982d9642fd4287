import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import type { FieldDef } from '@bursary/shared';
import { DateInput, NumberInput, TextareaInput, TextInput } from './basic-inputs';
import { describedByOf, FieldShell } from './field-shell';
import { ImageInput } from './image-input';
import { altFieldOf, AltTextInput } from './alt-text-input';
import { labelIdOf, RichTextInput } from './rich-text-input';
import { focalFieldOf, focalPointOf, focalValue } from '@/lib/new-image-focal';

interface FieldInputProps<T extends FieldValues> {
  name: Path<T>;
  def: FieldDef;
  control: Control<T>;
  required: boolean;
  /** The record's stored image, for image fields. */
  currentImage?: string | null;
  /** Overrides the accepted upload types of an image field. */
  accept?: string;
  help?: string;
  /** A warning rather than an error. */
  tone?: 'error' | 'warning';
  /** Only these upload types are taken: for another, `onRefused` gets the message (and drops the file). */
  imageTypes?: { types: readonly string[]; message: string };
  onRefused?: (message: string) => void;
}

/** One input per field kind of the registry, wired to react-hook-form; an image field with its alternative text. */
export function FieldInput<T extends FieldValues>({
  name,
  def,
  control,
  required,
  currentImage,
  accept,
  help,
  tone,
  imageTypes,
  onRefused,
}: FieldInputProps<T>) {
  const id = `field-${name}`;
  const shell = (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => {
        const error = fieldState.error?.message;
        const describedBy = describedByOf(id, { error, help });
        const shared = { id, onBlur: field.onBlur, invalid: Boolean(error), describedBy };
        const text = typeof field.value === 'string' ? field.value : '';
        let input;
        switch (def.kind) {
          case 'textarea':
            input = <TextareaInput {...shared} required={required} value={text} onChange={field.onChange} />;
            break;
          case 'number':
            input = <NumberInput {...shared} required={required} value={text} onChange={field.onChange} />;
            break;
          case 'date':
            input = (
              <DateInput
                {...shared}
                required={required}
                value={text}
                onChange={field.onChange}
                placeholder="YYYY-MM-DD"
              />
            );
            break;
          case 'image':
            input = (
              <Controller
                name={focalFieldOf(name) as Path<T>}
                control={control}
                render={({ field: focal }) => (
                  <ImageInput
                    {...shared}
                    file={(field.value as unknown) instanceof File ? (field.value as File) : null}
                    currentUrl={currentImage}
                    accept={imageTypes ? imageTypes.types.join(',') : accept}
                    onChange={(file) => {
                      if (file && imageTypes && !imageTypes.types.includes(file.type)) onRefused?.(imageTypes.message);
                      else field.onChange(file);
                    }}
                    focal={focalPointOf(focal.value)}
                    onFocal={(point) => focal.onChange(focalValue(point))}
                  />
                )}
              />
            );
            break;
          case 'richtext':
            input = <RichTextInput {...shared} value={text} onChange={field.onChange} />;
            break;
          default:
            input = <TextInput {...shared} required={required} value={text} onChange={field.onChange} />;
        }
        return (
          <FieldShell
            id={id}
            label={def.label}
            required={required}
            error={error}
            tone={tone}
            help={help}
            labelId={def.kind === 'richtext' ? labelIdOf(id) : undefined}
          >
            {input}
          </FieldShell>
        );
      }}
    />
  );
  if (def.kind !== 'image') return shell;
  return (
    <div className="grid gap-4">
      {shell}
      <AltTextInput name={altFieldOf(name) as Path<T>} control={control} />
    </div>
  );
}
