import type { SectionDef } from '@bursary/shared';

/** The records the screen tour shows; found again by these names. */
export const SAMPLE = 'Screens sample';

export const singleSamples = (image: string): Record<string, Record<string, unknown>> => ({
  heroes: {
    title: `${SAMPLE} hero`,
    description: '<p>Loans for <strong>every</strong> student</p>',
    button1: 'Apply now',
    button2: 'Learn more',
    image,
  },
  steps: { title: `${SAMPLE} steps`, steps: [{ step: 'Create an account' }, { step: 'Upload your documents' }] },
  benefits: {
    title: `${SAMPLE} benefits`,
    description: 'Why borrow from the fund',
    benefits: [{ benefit: 'Low interest' }, { benefit: 'Flexible repayment' }],
  },
  insights: {
    title: `${SAMPLE} insights`,
    first_insight_number: 1200,
    first_insight_text: 'Students funded',
    second_insight_number: 35,
    second_insight_text: 'Partner universities',
    third_insight_number: 98,
    third_insight_text: 'Repayment rate',
  },
  'about-heroes': { title: `${SAMPLE} about`, description: '<p>Who we are</p>', image },
  missions: {
    title: `${SAMPLE} mission`,
    description: '<p>Our mission</p>',
    missions: [{ mission: 'Widen access' }, { mission: 'Fair terms' }],
  },
  visions: { title: `${SAMPLE} vision`, description: '<p>Our vision</p>', image },
  stakeholders: {
    title: `${SAMPLE} stakeholders`,
    description: '<p>Partners</p>',
    stakeHolders: [{ stakeholder: 'Government' }, { stakeholder: 'Universities' }],
  },
});

/** A record for a section with no hand-written sample: every field filled as its kind wants. */
export function fieldSample(section: SectionDef): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const [name, def] of Object.entries(section.fields)) {
    if (def.kind === 'number') record[name] = 1;
    else if (def.kind === 'date') record[name] = '2024-01-01';
    else if (def.kind === 'richtext') record[name] = `<p>${SAMPLE} ${name}</p>`;
    else if (def.kind !== 'image') record[name] = `${SAMPLE} ${name}`;
  }
  return record;
}
