import DOMPurify from 'dompurify';
import { cn } from '@/lib/utils';

interface SafeHtmlProps {
  html: string;
  className?: string;
}

/**
 * Rich text as HTML. The server sanitises on write; the console sanitises again before anything
 * reaches the page, so a bad record can never run script here.
 */
export function SafeHtml({ html, className }: SafeHtmlProps) {
  const clean = DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
  // Quill 2 stores both list kinds as <ol>, bullets as <li data-list="bullet">; the base styles remove list markers
  const lists =
    '[&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6 [&_li[data-list=bullet]]:list-disc [&_li[data-list=ordered]]:list-decimal';
  return (
    <div
      className={cn('prose-sm max-w-none break-words [&_a]:underline [&_img]:max-w-full', lists, className)}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
