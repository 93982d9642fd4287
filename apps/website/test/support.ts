import { encodePng } from '@bursary/shared/png';
import type { AddressInfo } from 'node:net';
import { ADMIN, type RunningBursary, startBursary } from '../../../packages/client/scripts/bursary-server.ts';
import { loadWebsiteConfig } from '../server/config.ts';
import { createWebsite, type Website } from '../server/website-server.ts';

export { startBursary, type RunningBursary };

/** A signed-in caller of Bursary's API, as the console is: the tests make content with it. */
export async function staff(bursary: RunningBursary) {
  const login = await fetch(`${bursary.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const { token } = (await login.json()) as { token: string };
  return async function call(method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
    const response = await fetch(`${bursary.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body instanceof FormData || body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body instanceof FormData ? body : body === undefined ? null : JSON.stringify(body),
    });
    const text = await response.text();
    const answer = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
    return answer;
  };
}

export type Call = Awaited<ReturnType<typeof staff>>;

/** A small PNG upload, as a form field. */
function png(width: number, height: number): Blob {
  return new Blob([new Uint8Array(encodePng(width, height, (x, y) => [x % 256, y % 256, 160]))], { type: 'image/png' });
}

export interface RunningWebsite {
  url: string;
  website: Website;
  /** Waits until the website has read Bursary (or the content changed since `afterVersion`). */
  settled(afterVersion?: number): Promise<void>;
}

/** The website in this process, reading `bursaryUrl`, on a free loopback port. */
export async function startWebsite(bursaryUrl: string, env: Record<string, string> = {}): Promise<RunningWebsite> {
  const config = {
    ...loadWebsiteConfig({ BURSARY_URL: bursaryUrl, WEBSITE_URL: 'https://fund.example', ...env }),
    port: 0,
  };
  const website = await createWebsite(config, () => {});
  const { port } = website.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    website,
    async settled(afterVersion = 0) {
      const deadline = Date.now() + 20_000;
      while (website.store.version <= afterVersion) {
        if (Date.now() > deadline) throw new Error('the website did not read Bursary within 20 s');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}

/** Seeds what a fund's website shows: every kind of section, a draft, a second public language, a private one. */
export async function seedFund(call: Call): Promise<{ storyId: number; draftTitle: string; newsId: number }> {
  await call('PUT', '/api/heroes', {
    title: 'Fund your degree',
    description: '<p>Loans for <strong>every</strong> student.</p>',
    button1: 'Apply now',
    button2: 'Read the questions',
  });
  await call('PUT', '/api/steps', {
    title: 'How to apply',
    steps: [{ step: 'Make an account' }, { step: 'Fill in the form' }],
  });
  await call('PUT', '/api/benefits', {
    title: 'Why borrow',
    description: 'Fair terms.',
    benefits: [{ benefit: 'No interest while you study' }],
  });
  await call('PUT', '/api/insights', {
    title: 'In numbers',
    first_insight_number: 48200,
    first_insight_text: 'Students funded',
    second_insight_number: 62,
    second_insight_text: 'Universities',
    third_insight_number: 94,
    third_insight_text: 'Repayment rate',
  });
  await call('PUT', '/api/about-heroes', { title: 'About the Fund', description: '<p>Since 1995.</p>' });
  await call('PUT', '/api/missions', {
    title: 'Our mission',
    description: '<p>Fair loans.</p>',
    missions: [{ mission: 'Lend fairly' }],
  });
  await call('PUT', '/api/visions', { title: 'Our vision', description: '<p>No student left behind.</p>' });
  await call('PUT', '/api/stakeholders', {
    title: 'Our partners',
    description: '<p>Many.</p>',
    stakeHolders: [{ stakeholder: 'Universities' }],
  });
  await call('POST', '/api/milestones', {
    title: 'The Fund opens',
    date: '1995-01-10',
    description: 'The first loans.',
  });
  await call('POST', '/api/milestones', {
    title: 'Postgraduate loans',
    date: '2018-09-01',
    description: 'For master’s students.',
  });
  await call('POST', '/api/messages', {
    sender: 'The Director',
    recipient: 'Applicants',
    message: '<p>Apply early.</p>',
  });
  await call('POST', '/api/faqs', { title: 'What is the interest rate?', description: '<p>Four percent.</p>' });
  await call('POST', '/api/faqs', { title: 'When do I repay?', description: '<p>After you graduate.</p>' });
  const draftTitle = 'A question not published yet';
  await call('POST', '/api/faqs', { title: draftTitle, description: '<p>Secret.</p>', status: 'draft' });
  const form = new FormData();
  form.set('student_name', 'Amina Otieno');
  form.set('student_school', 'University of Nairobi');
  form.set('date', '2023-12-08');
  form.set('story', '<p>The loan paid my fees.</p>');
  form.set('image', png(400, 400), 'amina.png');
  const story = await call('POST', '/api/success-stories', form);
  const logo = new FormData();
  logo.set('university_name', 'Moi University');
  logo.set('image', png(200, 200), 'moi.png');
  await call('POST', '/api/disbursement-testimonials', logo);
  const news = await call('POST', '/api/content', {
    title: 'New repayment options',
    excerpt: 'Choose your plan.',
    body: '<p>Details.</p>',
  });
  await call('POST', '/api/locales', { code: 'fr' });
  await call('PATCH', '/api/locales/fr', { public: true });
  await call('PUT', '/api/heroes?locale=fr', { title: 'Financez vos études' });
  await call('POST', '/api/locales', { code: 'de' });
  await call('PUT', '/api/heroes?locale=de', { title: 'Geheimer Titel' });
  return { storyId: Number(story.id), draftTitle, newsId: Number(news.id) };
}
