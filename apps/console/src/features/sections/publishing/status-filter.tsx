import { useId } from 'react';
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
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        Status
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(event) => {
          if (isChoice(event.target.value)) onChange(event.target.value);
        }}
        className="h-10 rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50"
      >
        <option value="">All</option>
        {RECORD_BADGES.map((badge) => (
          <option key={badge} value={badge}>
            {badge}
          </option>
        ))}
      </select>
    </div>
  );
}
