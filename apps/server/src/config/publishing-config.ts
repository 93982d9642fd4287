/** Makes the error that stops the start (config.ts's own), so this file needs nothing from it. */
type Fail = (message: string) => Error;

/** The placeholders PREVIEW_URL may hold; `{token}` must be one of them, or the website could not read the preview. */
const PLACEHOLDERS = ['{token}', '{section}', '{id}', '{locale}'];

/**
 * PREVIEW_URL: where the website shows a preview, e.g. `https://fund.example/preview?token={token}&section={section}&id={id}`
 * (and `{locale}`, the language previewed).
 * Checked with its placeholders filled, so a template that could never become a web address stops the start.
 */
function previewUrl(raw: string | undefined, fail: Fail): string | undefined {
  const value = (raw ?? '').trim();
  if (value === '') return undefined;
  const example = 'e.g. https://fund.example/preview?token={token}&section={section}&id={id}';
  if (!value.includes('{token}'))
    throw fail(`PREVIEW_URL must contain {token}, where the preview token goes (${example})`);
  let filled = value;
  for (const placeholder of PLACEHOLDERS) filled = filled.split(placeholder).join('x');
  let url: URL;
  try {
    url = new URL(filled);
  } catch {
    throw fail(`PREVIEW_URL must be a full http:// or https:// address (${example}), not "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw fail(`PREVIEW_URL must start with http:// or https:// (${example}), not "${value}"`);
  return value;
}

/** At most this long between two looks for due schedules: a due action runs within a minute. */
const SCHEDULE_CHECK_MAX_SECONDS = 30;

function scheduleCheckSeconds(raw: string | undefined, fail: Fail): number {
  if (raw === undefined || raw === '') return SCHEDULE_CHECK_MAX_SECONDS;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > SCHEDULE_CHECK_MAX_SECONDS)
    throw fail(`SCHEDULE_CHECK_SECONDS must be a whole number from 1 to ${SCHEDULE_CHECK_MAX_SECONDS}, not "${raw}"`);
  return value;
}

export function publishingConfig(
  env: NodeJS.ProcessEnv,
  fail: Fail,
): { previewUrl: string | undefined; scheduleCheckSeconds: number } {
  return {
    previewUrl: previewUrl(env.PREVIEW_URL, fail),
    scheduleCheckSeconds: scheduleCheckSeconds(env.SCHEDULE_CHECK_SECONDS, fail),
  };
}
