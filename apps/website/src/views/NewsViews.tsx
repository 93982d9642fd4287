// The news pages and the page of a short message (not found, unavailable, a refused preview).
import type { PageContext } from '../lib/page-context.ts';
import { readableDate } from '../lib/text.ts';
import { Rich } from '../components/Rich.tsx';

type Ctx = { ctx: PageContext };

export function NewsView({ ctx }: Ctx) {
  const items = ctx.content.content;
  return (
    <>
      <h1 lang={ctx.wordsLang}>{ctx.words.newsTitle}</h1>
      {items.length === 0 ? <p lang={ctx.wordsLang}>{ctx.words.nothingYet}</p> : null}
      <ul className="news">
        {items.map((item) => (
          <li key={item.id}>
            <h2>
              <a href={ctx.href({ page: 'news-item', id: item.id })} lang={ctx.langOf(item, 'title')}>
                {item.title}
              </a>
            </h2>
            <p className="muted">
              <time dateTime={item.createdAt}>{readableDate(item.createdAt, ctx.locale)}</time>
            </p>
            <p lang={ctx.langOf(item, 'excerpt')}>{item.excerpt}</p>
          </li>
        ))}
      </ul>
    </>
  );
}

export function NewsItemView({ ctx, item }: Ctx & { item: PageContext['content']['content'][number] }) {
  return (
    <article>
      <h1 lang={ctx.langOf(item, 'title')}>{item.title}</h1>
      <p className="muted">
        <time dateTime={item.createdAt}>{readableDate(item.createdAt, ctx.locale)}</time>
      </p>
      <p className="lead" lang={ctx.langOf(item, 'excerpt')}>
        {item.excerpt}
      </p>
      <Rich html={item.body} lang={ctx.langOf(item, 'body')} />
      <p>
        <a href={ctx.href({ page: 'news' })} lang={ctx.wordsLang}>
          {ctx.words.backToNews}
        </a>
      </p>
    </article>
  );
}

export function MessageView({
  title,
  text,
  link,
  lang,
}: {
  title: string;
  text: string;
  link?: { href: string; label: string } | undefined;
  lang?: string | undefined;
}) {
  return (
    <div className="message-page" lang={lang}>
      <h1>{title}</h1>
      <p>{text}</p>
      {link ? (
        <p>
          <a href={link.href}>{link.label}</a>
        </p>
      ) : null}
    </div>
  );
}
