import { LabelledSelect } from '@/components/labelled-select';
import { SITE_HEALTH_SEVERITIES, type SiteHealthSeverity } from '@bursary/shared/site-health';
import { findSection } from '@bursary/shared/sections';

/** The whole-site problems (webhooks, backups, accounts) have no section: they are listed under this choice. */
export const WHOLE_SITE = 'site';

export const SEVERITY_NAMES: Record<SiteHealthSeverity, string> = {
  error: 'Error',
  warning: 'Warning',
  notice: 'Notice',
};

function Choice({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: [string, string][];
  onChange: (value: string) => void;
}) {
  return (
    <LabelledSelect label={label} value={value} onChange={onChange}>
      {options.map(([optionValue, text]) => (
        <option key={optionValue} value={optionValue}>
          {text}
        </option>
      ))}
    </LabelledSelect>
  );
}

/** Native selects for the section and the severity, so the keyboard and screen readers work as everywhere. */
export function SiteHealthFilters({
  sections,
  section,
  severity,
  onSection,
  onSeverity,
}: {
  /** The sections that have problems ('site' for the whole site's). */
  sections: string[];
  section: string;
  severity: string;
  onSection: (value: string) => void;
  onSeverity: (value: string) => void;
}) {
  const sectionOptions: [string, string][] = sections.map((slug) => [
    slug,
    slug === WHOLE_SITE ? 'Whole site' : (findSection(slug)?.label ?? slug),
  ]);
  return (
    <div className="flex flex-wrap items-center gap-4">
      <Choice
        label="Section"
        value={section}
        options={[['', 'All sections'], ...sectionOptions]}
        onChange={onSection}
      />
      <Choice
        label="Severity"
        value={severity}
        options={[['', 'All'], ...SITE_HEALTH_SEVERITIES.map((s): [string, string] => [s, SEVERITY_NAMES[s]])]}
        onChange={onSeverity}
      />
    </div>
  );
}
