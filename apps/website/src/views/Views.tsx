// One view per page of the website; the layout (head, header, footer) is Page.astro's.
import type { PageContext } from '../lib/page-context.ts';
import { pictureOf } from '../lib/images.ts';
import { readableDate } from '../lib/text.ts';
import {
  Benefits,
  FaqItems,
  Hero,
  Messages,
  Milestones,
  Stakeholders,
  Statistics,
  Steps,
  StoryCards,
  Universities,
} from '../components/Sections.tsx';
import { Img } from '../components/Img.tsx';
import { Rich } from '../components/Rich.tsx';

type Ctx = { ctx: PageContext };

/** How many FAQs and stories the home page shows before linking to the rest. */
const HOME_FAQS = 4;
const HOME_STORIES = 3;

export function HomeView({ ctx }: Ctx) {
  const { words } = ctx;
  const faqs = ctx.content.faqs.slice(0, HOME_FAQS);
  const stories = ctx.content['success-stories'].slice(0, HOME_STORIES);
  const hasHero = ctx.content.heroes.length > 0;
  return (
    <>
      {hasHero ? <Hero ctx={ctx} /> : <h1>{ctx.settings.name}</h1>}
      <Steps ctx={ctx} />
      <Benefits ctx={ctx} />
      <Statistics ctx={ctx} />
      {faqs.length > 0 ? (
        <section aria-labelledby="faqs-title" id="faqs">
          <h2 id="faqs-title" lang={ctx.wordsLang}>
            {words.faqsTitle}
          </h2>
          <FaqItems ctx={ctx} faqs={faqs} />
          <p>
            <a href={ctx.href({ page: 'faqs' })} lang={ctx.wordsLang}>
              {words.allFaqs}
            </a>
          </p>
        </section>
      ) : null}
      {stories.length > 0 ? (
        <section aria-labelledby="stories-title" id="success-stories">
          <h2 id="stories-title" lang={ctx.wordsLang}>
            {words.storiesTitle}
          </h2>
          <StoryCards ctx={ctx} stories={stories} headingLevel={3} />
          <p>
            <a href={ctx.href({ page: 'stories' })} lang={ctx.wordsLang}>
              {words.allStories}
            </a>
          </p>
        </section>
      ) : null}
      <Universities ctx={ctx} />
      <Stakeholders ctx={ctx} />
    </>
  );
}

export function ApplyView({ ctx }: Ctx) {
  const hasSteps = ctx.content.steps.length > 0;
  return (
    <>
      {hasSteps ? <Steps ctx={ctx} headingLevel={1} /> : <h1 lang={ctx.wordsLang}>{ctx.words.howToApply}</h1>}
      <Benefits ctx={ctx} />
      <p>
        <a href={ctx.href({ page: 'faqs' })} lang={ctx.wordsLang}>
          {ctx.words.allFaqs}
        </a>
      </p>
    </>
  );
}

export function FaqsView({
  ctx,
  q,
  faqs,
  open,
}: Ctx & { q: string; faqs: PageContext['content']['faqs']; open?: number }) {
  const { words } = ctx;
  return (
    <>
      <h1 lang={ctx.wordsLang}>{words.faqsTitle}</h1>
      <form role="search" method="get" action={ctx.href({ page: 'faqs' })} className="search">
        <label htmlFor="q" lang={ctx.wordsLang}>
          {words.searchLabel}
        </label>
        <input id="q" name="q" type="search" defaultValue={q} maxLength={500} />
        <button type="submit" lang={ctx.wordsLang}>
          {words.searchButton}
        </button>
      </form>
      {q ? (
        <p role="status" lang={ctx.wordsLang}>
          {faqs.length === 0 ? words.noMatch : words.matches(faqs.length, q)}{' '}
          <a href={ctx.href({ page: 'faqs' })}>{words.clearSearch}</a>
        </p>
      ) : null}
      {faqs.length > 0 ? <FaqItems ctx={ctx} faqs={faqs} {...(open ? { open } : {})} /> : null}
      {!q && faqs.length === 0 ? <p lang={ctx.wordsLang}>{words.nothingYet}</p> : null}
    </>
  );
}

export function StoriesView({ ctx }: Ctx) {
  const stories = ctx.content['success-stories'];
  return (
    <>
      <h1 lang={ctx.wordsLang}>{ctx.words.storiesTitle}</h1>
      {stories.length > 0 ? (
        <StoryCards ctx={ctx} stories={stories} headingLevel={2} />
      ) : (
        <p lang={ctx.wordsLang}>{ctx.words.nothingYet}</p>
      )}
    </>
  );
}

export function StoryView({ ctx, story }: Ctx & { story: PageContext['content']['success-stories'][number] }) {
  const picture = pictureOf(story, 'image', '(min-width: 48rem) 20rem, 60vw', ctx.settings.mediaBase);
  return (
    <article className="story">
      {picture ? (
        <Img picture={picture} priority className="portrait large" lang={ctx.langOf(story, 'image_alt')} />
      ) : null}
      <div>
        <h1>{story.student_name}</h1>
        <p className="muted">
          {[story.student_school, readableDate(story.date, ctx.locale), story.source].filter(Boolean).join(' · ')}
        </p>
        <Rich html={story.story} lang={ctx.langOf(story, 'story')} />
        <p>
          <a href={ctx.href({ page: 'stories' })} lang={ctx.wordsLang}>
            {ctx.words.backToStories}
          </a>
        </p>
      </div>
    </article>
  );
}

function TitledBlock({
  ctx,
  record,
  id,
  image,
  level,
}: Ctx & {
  record: PageContext['content']['about-heroes'][number] | PageContext['content']['visions'][number];
  id: string;
  image: boolean;
  level: 1 | 2;
}) {
  const Heading = level === 1 ? 'h1' : 'h2';
  const picture = image
    ? pictureOf(record, 'image', '(min-width: 64rem) 40vw, 100vw', ctx.settings.mediaBase)
    : undefined;
  return (
    <section aria-labelledby={`${id}-title`} id={id} className={picture ? 'split' : undefined}>
      <div>
        <Heading id={`${id}-title`} lang={ctx.langOf(record, 'title')}>
          {record.title}
        </Heading>
        <Rich html={record.description} lang={ctx.langOf(record, 'description')} />
      </div>
      {picture ? <Img picture={picture} priority={level === 1} lang={ctx.langOf(record, 'image_alt')} /> : null}
    </section>
  );
}

export function AboutView({ ctx }: Ctx) {
  const about = ctx.content['about-heroes'][0];
  const mission = ctx.content.missions[0];
  const vision = ctx.content.visions[0];
  return (
    <>
      {about ? (
        <TitledBlock ctx={ctx} record={about} id="about-heroes" image level={1} />
      ) : (
        <h1 lang={ctx.wordsLang}>{ctx.words.about}</h1>
      )}
      {mission ? (
        <section aria-labelledby="missions-title" id="missions">
          <h2 id="missions-title" lang={ctx.langOf(mission, 'title')}>
            {mission.title}
          </h2>
          <Rich html={mission.description} lang={ctx.langOf(mission, 'description')} />
          <ul className="ticks">
            {mission.missions.map((item) => (
              <li key={item.id} lang={ctx.langOf(item, 'mission')}>
                {item.mission}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {vision ? <TitledBlock ctx={ctx} record={vision} id="visions" image level={2} /> : null}
      <Milestones ctx={ctx} />
      <Messages ctx={ctx} />
      <Stakeholders ctx={ctx} />
    </>
  );
}

export { MessageView, NewsItemView, NewsView } from './NewsViews.tsx';
