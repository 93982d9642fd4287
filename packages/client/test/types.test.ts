import { describe, expectTypeOf, it } from 'vitest';
import {
  type AllLocalesRecordOf,
  createBursaryClient,
  image,
  type ImageFieldOf,
  type Page,
  type RecordOf,
  verifyWebhook,
  type WebhookEventType,
} from '../src/index.ts';

/**
 * The types a website programs against. Checked by `tsc -p packages/client/tsconfig.json` (expectTypeOf and
 * @ts-expect-error fail the type check, not the run); the run checks that nothing here reaches a server.
 */

const client = createBursaryClient({ baseUrl: 'http://127.0.0.1:1' });
// values for expectTypeOf to look at: their types are what is checked, never their contents
const faq = {} as RecordOf<'faqs'>;
const story = {} as RecordOf<'success-stories'>;
const steps = { steps: [{}] } as RecordOf<'steps'>;

describe('RecordOf', () => {
  it('is one language: text fields are text, staff fields are absent', () => {
    expectTypeOf(faq.title).toEqualTypeOf<string | null>();
    expectTypeOf(faq.description).toEqualTypeOf<string | null>();
    expectTypeOf(faq.id).toEqualTypeOf<number>();
    expectTypeOf(faq.fallback_fields).toEqualTypeOf<string[] | undefined>();
    expectTypeOf(faq).not.toHaveProperty('status');
    expectTypeOf(faq).not.toHaveProperty('translations');
    expectTypeOf(faq).not.toHaveProperty('has_changes');
    expectTypeOf(faq).not.toHaveProperty('publish_at');
    // sub-items too
    expectTypeOf(steps.steps[0]!.step).toEqualTypeOf<string | null>();
    expectTypeOf(steps.steps[0]!).not.toHaveProperty('translations');
  });

  it('has each image with its alternative text, size and focal point', () => {
    expectTypeOf(story.image).toEqualTypeOf<string | null>();
    expectTypeOf(story.image_alt).toEqualTypeOf<string | null>();
    expectTypeOf(story.image_width).toEqualTypeOf<number | null>();
    expectTypeOf(story.image_height).toEqualTypeOf<number | null>();
    expectTypeOf(story.image_focal_x).toEqualTypeOf<number | null>();
    expectTypeOf(story.image_focal_y).toEqualTypeOf<number | null>();
    expectTypeOf(story.student_name).toEqualTypeOf<string | null>();
    expectTypeOf<ImageFieldOf<'success-stories'>>().toEqualTypeOf<'image'>();
    expectTypeOf<ImageFieldOf<'faqs'>>().toEqualTypeOf<never>();
  });

  it("gives locale '*' reads each translated field by code", () => {
    type All = AllLocalesRecordOf<'faqs'>;
    expectTypeOf<All['title']>().toEqualTypeOf<{ [code: string]: string | null }>();
    expectTypeOf<AllLocalesRecordOf<'success-stories'>['image_alt']>().toEqualTypeOf<{
      [code: string]: string | null;
    }>();
    expectTypeOf<AllLocalesRecordOf<'success-stories'>['student_name']>().toEqualTypeOf<string | null>();
    expectTypeOf<AllLocalesRecordOf<'steps'>['steps'][number]['step']>().toEqualTypeOf<{
      [code: string]: string | null;
    }>();
    expectTypeOf<All>().not.toHaveProperty('status');
    expectTypeOf<All>().not.toHaveProperty('locale');
  });
});

describe('the calls', () => {
  it("answer RecordOf, or AllLocalesRecordOf for locale '*'", () => {
    const plain = () => client.list('faqs');
    expectTypeOf(plain).returns.resolves.toEqualTypeOf<RecordOf<'faqs'>[]>();
    const every = () => client.list('faqs', { locale: '*' });
    expectTypeOf(every).returns.resolves.toEqualTypeOf<AllLocalesRecordOf<'faqs'>[]>();
    const one = () => client.get('faqs', 1, { locale: 'fr' });
    expectTypeOf(one).returns.resolves.toEqualTypeOf<RecordOf<'faqs'> | null>();
    const paged = () => client.page('faqs', { limit: 10, ifNoneMatch: '"x"' });
    expectTypeOf(paged).returns.resolves.toEqualTypeOf<Page<RecordOf<'faqs'>>>();
  });

  it('take only the image fields of the record given', () => {
    const options = { widths: [320, 640], sizes: '100vw' } as const;
    const check = () => {
      client.image(story, 'image', options);
      image(story, 'image', { ...options, baseUrl: 'https://cms.example' });
      // @ts-expect-error: a text field is not an image
      client.image(story, 'student_name', options);
      // @ts-expect-error: a FAQ has no image
      image(faq, 'title', options);
      // @ts-expect-error: nor a field that does not exist
      client.image(story, 'picture', options);
    };
    expectTypeOf(check).toBeFunction();
  });

  it("type a webhook event's type as the events Bursary sends", () => {
    const event = () => verifyWebhook('whsec_x', { 'webhook-id': 'a' }, '');
    expectTypeOf(event).returns.toHaveProperty('type').toEqualTypeOf<WebhookEventType>();
    // @ts-expect-error: no such event
    const misspelt: WebhookEventType = 'record.publish';
    expectTypeOf(misspelt).toBeString();
  });
});
