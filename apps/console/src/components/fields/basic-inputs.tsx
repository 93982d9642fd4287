import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { DateReading, readingIdOf, withReading } from './date-reading';

/** What every field input takes: a string value in, a string value out. */
export interface TextInputProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  required?: boolean;
  invalid?: boolean;
  describedBy?: string;
  placeholder?: string;
  maxLength?: number;
}

function common({ id, onBlur, required, invalid, describedBy, placeholder, maxLength }: TextInputProps) {
  return {
    id,
    name: id,
    onBlur,
    required,
    placeholder,
    maxLength,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy,
  };
}

export function TextInput(props: TextInputProps) {
  return <Input type="text" value={props.value} onChange={(e) => props.onChange(e.target.value)} {...common(props)} />;
}

export function TextareaInput(props: TextInputProps & { rows?: number }) {
  return (
    <Textarea
      rows={props.rows ?? 5}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      {...common(props)}
    />
  );
}

/** Numbers are edited as text so a half-typed value is kept; the form converts on save. */
export function NumberInput(props: TextInputProps) {
  return (
    <Input
      type="number"
      inputMode="decimal"
      step="any"
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      {...common(props)}
    />
  );
}

/**
 * The date is edited as YYYY-MM-DD in the browser's own date control, which keeps its picker, its keyboard entry
 * and a phone's date wheels, but shows the day in the browser's locale ('12/08/2023': August or December?), a
 * format no page can set. The day it holds is read beside it the way every screen reads it ('12 Aug 2023').
 */
export function DateInput(props: TextInputProps) {
  const describedBy = withReading(props.id, props.value, props.describedBy);
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <Input
        type="date"
        className="w-auto min-w-44"
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        {...common({ ...props, describedBy })}
      />
      <DateReading id={readingIdOf(props.id)} value={props.value} />
    </div>
  );
}
