// The blocks of the fund's sections, each rendered from its records as Bursary answers them in the page's language.
import type { PageContext } from '../lib/page-context.ts';
import { pictureOf } from '../lib/images.ts';
import { readableDate, readableNumber } from '../lib/text.ts';
import { Img } from './Img.tsx';
import { Rich } from './Rich.tsx';

type Ctx = { ctx: PageContext };

export function Hero({ ctx }: Ctx) {
  const hero = ctx.content.heroes[0];
  if (!hero) return null;
  const picture = pictureOf(hero, 'image', '(min-width: 64rem) 50vw, 100vw', ctx.settings.mediaBase);
  return (
    <section className="hero" aria-labelledby="hero-title" id="heroes">
      <div className="hero-text">
        <h1 id="hero-title" lang={ctx.langOf(hero, 'title')}>
          {hero.title}
        </h1>
        <Rich html={hero.description} lang={ctx.langOf(hero, 'description')} className="rich lead" />
        <p className="actions">
          {hero.button1 ? (
            <a className="button primary" href={ctx.href({ page: 'apply' })} lang={ctx.langOf(hero, 'button1')}>
              {hero.button1}
            </a>
          ) : null}
          {hero.button2 ? (
            <a className="button" href={ctx.href({ page: 'faqs' })} lang={ctx.langOf(hero, 'button2')}>
              {hero.button2}
            </a>
          ) : null}
        </p>
      </div>
      {picture ? <Img picture={picture} priority className="hero-image" lang={ctx.langOf(hero, 'image_alt')} /> : null}
    </section>
  );
}

export function Steps({ ctx, headingLevel = 2 }: Ctx & { headingLevel?: 1 | 2 }) {
  const steps = ctx.content.steps[0];
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  if (!steps) return null;
  return (
    <section aria-labelledby="steps-title" id="steps">
      <Heading id="steps-title" lang={ctx.langOf(steps, 'title')}>
        {steps.title}
      </Heading>
      <ol className="steps">
        {steps.steps.map((item) => (
          <li key={item.id} lang={ctx.langOf(item, 'step')}>
            {item.step}
          </li>
        ))}
      </ol>
    </section>
  );
}

export function Benefits({ ctx }: Ctx) {
  const benefits = ctx.content.benefits[0];
  if (!benefits) return null;
  return (
    <section aria-labelledby="benefits-title" id="benefits">
      <h2 id="benefits-title" lang={ctx.langOf(benefits, 'title')}>
        {benefits.title}
      </h2>
      {benefits.description ? <p lang={ctx.langOf(benefits, 'description')}>{benefits.description}</p> : null}
      <ul className="ticks">
        {benefits.benefits.map((item) => (
          <li key={item.id} lang={ctx.langOf(item, 'benefit')}>
            {item.benefit}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function Statistics({ ctx }: Ctx) {
  const insights = ctx.content.insights[0];
  if (!insights) return null;
  const figures = (['first', 'second', 'third'] as const).map((n) => ({
    key: n,
    number: insights[`${n}_insight_number`],
    text: insights[`${n}_insight_text`],
    lang: ctx.langOf(insights, `${n}_insight_text`),
  }));
  return (
    <section aria-labelledby="insights-title" id="insights" className="band">
      <h2 id="insights-title" lang={ctx.langOf(insights, 'title')}>
        {insights.title}
      </h2>
      <dl className="figures">
        {figures.map((figure) => (
          <div key={figure.key}>
            <dt lang={figure.lang}>{figure.text}</dt>
            <dd>{readableNumber(figure.number, ctx.locale)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function FaqItems({ ctx, faqs, open }: Ctx & { faqs: PageContext['content']['faqs']; open?: number }) {
  return (
    <div className="faqs">
      {faqs.map((faq) => (
        <details key={faq.id} id={`faq-${faq.id}`} open={faq.id === open}>
          <summary lang={ctx.langOf(faq, 'title')}>{faq.title}</summary>
          <Rich html={faq.description} lang={ctx.langOf(faq, 'description')} />
        </details>
      ))}
    </div>
  );
}

export function StoryCards({
  ctx,
  stories,
  headingLevel,
}: Ctx & {
  stories: PageContext['content']['success-stories'];
  headingLevel: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ul className="cards">
      {stories.map((story) => {
        const picture = pictureOf(story, 'image', '(min-width: 48rem) 12rem, 6rem', ctx.settings.mediaBase);
        return (
          <li key={story.id} className="card">
            {picture ? <Img picture={picture} className="portrait" lang={ctx.langOf(story, 'image_alt')} /> : null}
            <div>
              <Heading>
                <a href={ctx.href({ page: 'story', id: story.id })}>{story.student_name}</a>
              </Heading>
              {story.student_school ? <p className="muted">{story.student_school}</p> : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

export function Universities({ ctx }: Ctx) {
  const logos = ctx.content['disbursement-testimonials'];
  if (logos.length === 0) return null;
  const { words } = ctx;
  return (
    <section aria-labelledby="universities-title" id="disbursement-testimonials">
      <h2 id="universities-title" lang={ctx.wordsLang}>
        {words.universities}
      </h2>
      <ul className="logos">
        {logos.map((university) => {
          const picture = pictureOf(university, 'image', '8rem', ctx.settings.mediaBase);
          return (
            <li key={university.id}>
              {picture ? (
                <Img picture={{ ...picture, alt: '' }} box={{ width: 120, height: 140 }} className="logo" />
              ) : null}
              <span>{university.university_name}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export function Stakeholders({ ctx }: Ctx) {
  const stakeholders = ctx.content.stakeholders[0];
  if (!stakeholders) return null;
  return (
    <section aria-labelledby="stakeholders-title" id="stakeholders">
      <h2 id="stakeholders-title" lang={ctx.langOf(stakeholders, 'title')}>
        {stakeholders.title}
      </h2>
      <Rich html={stakeholders.description} lang={ctx.langOf(stakeholders, 'description')} />
      <ul className="ticks">
        {stakeholders.stakeHolders.map((item) => (
          <li key={item.id} lang={ctx.langOf(item, 'stakeholder')}>
            {item.stakeholder}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function Milestones({ ctx }: Ctx) {
  const milestones = [...ctx.content.milestones].sort((a, b) => String(a.date).localeCompare(String(b.date)));
  if (milestones.length === 0) return null;
  return (
    <section aria-labelledby="milestones-title" id="milestones">
      <h2 id="milestones-title" lang={ctx.wordsLang}>
        {ctx.words.milestones}
      </h2>
      <ol className="timeline">
        {milestones.map((milestone) => (
          <li key={milestone.id}>
            <time dateTime={milestone.date ?? undefined}>{readableDate(milestone.date, ctx.locale)}</time>
            <h3 lang={ctx.langOf(milestone, 'title')}>{milestone.title}</h3>
            <p lang={ctx.langOf(milestone, 'description')}>{milestone.description}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

export function Messages({ ctx }: Ctx) {
  const messages = ctx.content.messages;
  if (messages.length === 0) return null;
  return (
    <section aria-labelledby="messages-title" id="messages">
      <h2 id="messages-title" lang={ctx.wordsLang}>
        {ctx.words.messages}
      </h2>
      {messages.map((message) => (
        <article key={message.id} className="message">
          <h3>
            <span lang={ctx.wordsLang}>{ctx.words.from}</span> {message.sender}{' '}
            <span lang={ctx.wordsLang}>{ctx.words.to}</span> {message.recipient}
          </h3>
          <Rich html={message.message} lang={ctx.langOf(message, 'message')} />
        </article>
      ))}
    </section>
  );
}
