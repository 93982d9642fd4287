import { describe, expect, it } from 'vitest';
import {
  findSection,
  recordInputSchema,
  sections,
  subAddSchema,
  subEditSchema,
  translatedFieldsOf,
} from '../src/index.ts';

const section = (slug: string) => {
  const found = findSection(slug);
  if (!found) throw new Error(`no section ${slug}`);
  return found;
};

describe('section registry', () => {
  it('holds every original section once, with unique slugs', () => {
    const slugs = sections.map((s) => s.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    // the original sections are all there, in the navigation's order; a section added later may sit anywhere
    const specified = [
      'heroes',
      'steps',
      'faqs',
      'benefits',
      'insights',
      'about-heroes',
      'missions',
      'milestones',
      'success-stories',
      'visions',
      'stakeholders',
      'disbursement-testimonials',
      'messages',
      'content',
    ];
    expect(slugs.filter((slug) => specified.includes(slug))).toEqual(specified);
  });

  it('names search and title fields that exist', () => {
    for (const s of sections) {
      expect(Object.keys(s.fields)).toContain(s.titleField);
      for (const f of s.search) expect(Object.keys(s.fields)).toContain(f);
    }
  });

  it('declares the four sub-item lists with the API spelling', () => {
    const lists = sections.filter((s) => s.subItems).map((s) => [s.slug, s.subItems?.field, s.subItems?.itemKey]);
    expect(lists).toEqual([
      ['steps', 'steps', 'step'],
      ['benefits', 'benefits', 'benefit'],
      ['missions', 'missions', 'mission'],
      ['stakeholders', 'stakeHolders', 'stakeholder'],
    ]);
  });
});

describe('record input schemas', () => {
  it('requires a title on create and reports it by name', () => {
    const result = recordInputSchema(section('faqs'), 'create').safeParse({ description: '<p>x</p>' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['title']);
    expect(result.error?.issues[0]?.message).toBe('title is required');
  });

  it('refuses required rich text that shows nothing, as the console form does', () => {
    const item = recordInputSchema(section('content'), 'create');
    const result = item.safeParse({ title: 'T', excerpt: 'E', body: '<p><br></p>' });
    expect(result.error?.issues.map((i) => i.message)).toEqual(['body is required']);
    expect(
      item.safeParse({ title: 'T', excerpt: 'E', body: '<p><img src="data:image/png;base64,AA=="></p>' }).success,
    ).toBe(true);
  });

  it('refuses a blank required field and server-owned keys', () => {
    const faq = recordInputSchema(section('faqs'), 'create');
    expect(faq.safeParse({ title: '   ' }).success).toBe(false);
    expect(faq.safeParse({ title: 'Q', id: 4 }).success).toBe(false);
    expect(faq.safeParse({ title: 'Q', created_at: '2024-01-01' }).success).toBe(false);
    expect(faq.safeParse({ title: 'Q' }).success).toBe(true);
  });

  it('lets an update leave a required field out but not blank it', () => {
    const update = recordInputSchema(section('faqs'), 'update');
    expect(update.safeParse({ description: 'x' }).success).toBe(true);
    expect(update.safeParse({ title: '' }).success).toBe(false);
  });

  it('wants a success story image on create and a student name on edit only', () => {
    const story = section('success-stories');
    const create = recordInputSchema(story, 'create');
    const update = recordInputSchema(story, 'update');
    expect(create.safeParse({ date: '2024-02-01' }).success).toBe(false);
    expect(create.safeParse({ date: '2024-02-01', image: '/media/a.png' }).success).toBe(true);
    expect(update.safeParse({ student_name: '' }).success).toBe(false);
    expect(update.safeParse({ date: '2024-02-01' }).success).toBe(true);
  });

  it('checks numbers and real calendar dates', () => {
    const insight = recordInputSchema(section('insights'), 'create');
    const valid = {
      first_insight_number: 1,
      first_insight_text: 'a',
      second_insight_number: 2,
      second_insight_text: 'b',
      third_insight_number: 3,
      third_insight_text: 'c',
    };
    expect(insight.safeParse(valid).success).toBe(true);
    expect(insight.safeParse({ ...valid, first_insight_number: '1' }).success).toBe(false);
    const milestone = recordInputSchema(section('milestones'), 'create');
    expect(milestone.safeParse({ title: 't', description: 'd', date: '2024-02-30' }).success).toBe(false);
    expect(milestone.safeParse({ title: 't', description: 'd', date: '2024-02-29' }).success).toBe(true);
  });

  it('enforces the text length limit', () => {
    const faq = recordInputSchema(section('faqs'), 'create');
    expect(faq.safeParse({ title: 'x'.repeat(501) }).success).toBe(false);
  });
});

describe('sub-item schemas', () => {
  const stakeholders = section('stakeholders').subItems;
  it('reads the stakeHolders list and the stakeholder key', () => {
    if (!stakeholders) throw new Error('stakeholders has no sub-items');
    expect(subEditSchema(stakeholders).safeParse({ stakeHolders: [{ id: 1, stakeholder: 'Banks' }] }).success).toBe(
      true,
    );
    expect(subEditSchema(stakeholders).safeParse({ stakeholders: [] }).success).toBe(false);
    expect(subAddSchema(stakeholders).safeParse({ stakeholder: '  ' }).success).toBe(false);
    expect(subAddSchema(stakeholders).safeParse({ stakeholder: 'Banks' }).success).toBe(true);
  });
});

describe('translated and shared fields', () => {
  it('translates what a reader reads as prose or labels, and shares names, numbers, dates, sources and images', () => {
    const shared = sections.flatMap((s) =>
      Object.entries(s.fields)
        .filter(([, def]) => !def.translated)
        .map(([name]) => `${s.slug}.${name}`),
    );
    expect(shared.sort()).toEqual(
      [
        'about-heroes.image',
        'disbursement-testimonials.image',
        'disbursement-testimonials.university_name',
        'heroes.image',
        'insights.first_insight_number',
        'insights.second_insight_number',
        'insights.third_insight_number',
        'messages.recipient',
        'messages.sender',
        'milestones.date',
        'success-stories.date',
        'success-stories.image',
        'success-stories.source',
        'success-stories.student_name',
        'success-stories.student_school',
        'visions.image',
      ].sort(),
    );
    expect(translatedFieldsOf(section('heroes').fields)).toEqual(['title', 'description', 'button1', 'button2']);
  });
});
