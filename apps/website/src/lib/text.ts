/** Plain text of sanitised rich text, for meta descriptions and Open Graph (whitespace collapsed). */
export function plainText(html: string | null | undefined): string {
  if (!html) return '';
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** At most `max` characters, cut at a word and marked with an ellipsis: search engines show about 155. */
export function summary(text: string, max = 155): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const atWord = cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2));
  return `${atWord.trimEnd()}…`;
}

/** A date of the content (`2024-06-21`) as a reader of the language writes it, in UTC so no day shifts. */
export function readableDate(isoDate: string | null | undefined, locale: string): string {
  if (!isoDate) return '';
  const date = new Date(isoDate.length === 10 ? `${isoDate}T00:00:00Z` : isoDate);
  if (Number.isNaN(date.getTime())) return isoDate;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/** A statistic as the language writes numbers (48 200 in French, 48,200 in English). */
export function readableNumber(value: number | null | undefined, locale: string): string {
  return value === null || value === undefined ? '' : new Intl.NumberFormat(locale).format(value);
}
