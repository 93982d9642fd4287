import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';

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

/** The date is edited as YYYY-MM-DD. */
export function DateInput(props: TextInputProps) {
  return <Input type="date" value={props.value} onChange={(e) => props.onChange(e.target.value)} {...common(props)} />;
}
