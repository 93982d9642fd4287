import { LabelledSelect } from '@/components/labelled-select';
import { RECORD_BADGES, type RecordBadge } from '@/lib/publishing';

export type StatusChoice = RecordBadge | '';

const isChoice = (value: string): value is StatusChoice =>
  value === '' || (RECORD_BADGES as readonly string[]).includes(value);

/** Beside a list's search: show every record, or only those with one badge. A native select, so the keyboard works. */
export function StatusFilter({
  value,
  onChange,
  disabled,
}: {
  value: StatusChoice;
  onChange: (value: StatusChoice) => void;
  disabled: boolean;
}) {
  return (
    <LabelledSelect
      label="Status"
      value={value}
      disabled={disabled}
      onChange={(chosen) => {
        if (isChoice(chosen)) onChange(chosen);
      }}
    >
      <option value="">All</option>
      {RECORD_BADGES.map((badge) => (
        <option key={badge} value={badge}>
          {badge}
        </option>
      ))}
    </LabelledSelect>
  );
}
