interface Props {
  html: string | null | undefined;
  lang?: string | undefined;
  className?: string;
}

/** Rich text as Bursary stored it: sanitised on the server with the editor's allow-list before it was saved. */
export function Rich({ html, lang, className = 'rich' }: Props) {
  if (!html) return null;
  return <div className={className} lang={lang} dangerouslySetInnerHTML={{ __html: html }} />;
}
