import DOMPurify from 'dompurify';
import { cn } from '@/lib/utils';

interface SafeHtmlProps {
  html: string;
  className?: string;
}

/**
 * Rich text as HTML. The server sanitises on write; the console sanitises again before anything
 * reaches the page (DESIGN.md 2), so a bad record can never run script here.
 */
export function SafeHtml({ html, className }: SafeHtmlProps) {
  const clean = DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
  return <div className={cn('prose-sm max-w-none break-words [&_a]:underline [&_img]:max-w-full', className)} dangerouslySetInnerHTML={{ __html: clean }} />;
}
