/** A student-loan fund's believable sample content for every section (registry field names). */

export const heroes = {
  title: 'Fund your degree. Repay when you earn.',
  description:
    '<p>Low-interest student loans and bursaries for <strong>undergraduate and postgraduate</strong> students at accredited universities and colleges.</p>',
  button1: 'Apply now',
  button2: 'Check eligibility',
};

export const steps = {
  title: 'How to apply',
  steps: [
    'Create your student account with your national ID and admission letter.',
    'Fill in the application form and upload your fee structure.',
    'Add a guarantor and your parents\u2019 or guardians\u2019 income details.',
    'Submit and track the review of your application online.',
    'Sign the loan agreement; funds go straight to your institution.',
  ],
};

export const faqs = [
  {
    title: 'Who can apply for a loan?',
    description:
      '<p>Any citizen admitted to an accredited university or college for a full-time course. First-year and continuing students may apply.</p>',
  },
  {
    title: 'How do I apply?',
    description:
      '<p>Apply online during the application window. You need your ID, admission letter, fee structure and a guarantor.</p>',
  },
  {
    title: 'When do I start repaying?',
    description:
      '<p>Repayment starts <strong>one year after you complete your studies</strong>, or earlier if you find work.</p>',
  },
  {
    title: 'What is the interest rate?',
    description: '<p>A flat 4% per year, with no interest charged while you study.</p>',
  },
  {
    title: 'Can I get a bursary instead of a loan?',
    description:
      '<p>Yes. Students from low-income households are considered for a bursary automatically when they apply for a loan.</p>',
  },
];

export const benefits = {
  title: 'Why borrow from the Fund',
  description: 'Fair terms designed around students, not profit.',
  benefits: [
    'No interest while you study',
    'Repayments linked to your income',
    'Tuition paid directly to your institution',
    'Upkeep allowance paid monthly',
  ],
};

export const insights = {
  title: 'Our impact in numbers',
  first_insight_number: 48200,
  first_insight_text: 'Students funded this year',
  second_insight_number: 62,
  second_insight_text: 'Partner universities and colleges',
  third_insight_number: 94,
  third_insight_text: 'Percent repayment rate',
};

export const aboutHeroes = {
  title: 'About the Fund',
  description:
    '<p>Since 1995 the Fund has helped students from every county reach higher education. We are a public body governed by a board of trustees and audited every year.</p>',
};

export const missions = {
  title: 'Our mission',
  description: '<p>To make higher education affordable for every qualified student.</p>',
  missions: [
    'Lend fairly and transparently',
    'Reach students in every county',
    'Recover loans to fund the next generation',
  ],
};

export const visions = {
  title: 'Our vision',
  description: '<p>A country where <em>no qualified student</em> misses higher education for lack of money.</p>',
};

export const stakeholders = {
  title: 'Our partners',
  description: '<p>We work with institutions and employers across the country.</p>',
  stakeHolders: [
    'Universities and colleges',
    'The Ministry of Education',
    'Employers who collect repayments',
    'Banks that disburse funds',
  ],
};

export const milestones = [
  {
    title: 'The Fund is founded',
    date: '1995-07-01',
    description: 'Parliament establishes the Fund to replace the old bursary scheme.',
  },
  {
    title: 'Online applications',
    date: '2012-03-15',
    description: 'Students can apply and track their application online for the first time.',
  },
  {
    title: 'Postgraduate loans',
    date: '2018-09-01',
    description: 'Loans are extended to master\u2019s and doctoral students.',
  },
  {
    title: 'Half a million graduates',
    date: '2024-11-20',
    description: 'The Fund celebrates 500,000 graduates who studied with its support.',
  },
];

export const successStories = [
  {
    student_name: 'Amina Otieno',
    student_school: 'University of Nairobi',
    date: '2023-12-08',
    source: 'Graduation day interview',
    story:
      '<p>The loan paid my fees for four years. Today I work as a civil engineer and repay through my employer.</p>',
  },
  {
    student_name: 'Brian Mwangi',
    student_school: 'Moi University',
    date: '2024-06-21',
    source: 'Alumni newsletter',
    story:
      '<p>Without the upkeep allowance I could not have stayed in Eldoret. I now teach mathematics in my home county.</p>',
  },
  {
    student_name: 'Grace Wanjiru',
    student_school: 'Kenyatta University',
    date: '2025-01-30',
    source: null,
    story: '<p>The bursary covered my nursing degree. I started repaying one year after graduating, as agreed.</p>',
  },
];

export const universities = [
  { university_name: 'University of Nairobi', initials: 'UoN', colour: '#1d4ed8' },
  { university_name: 'Moi University', initials: 'MU', colour: '#b91c1c' },
  { university_name: 'Kenyatta University', initials: 'KU', colour: '#047857' },
  { university_name: 'Egerton University', initials: 'EU', colour: '#7c3aed' },
];

export const messages = [
  {
    sender: 'Director of Student Finance',
    recipient: 'All applicants',
    message: '<p>The application window for the new academic year opens on <strong>1 August</strong>.</p>',
  },
  {
    sender: 'Customer Service',
    recipient: 'Graduates',
    message: '<p>Update your contact details so that we can confirm your repayment plan.</p>',
  },
];

export const content = [
  {
    title: 'Applications for the new academic year are open',
    excerpt: 'First-year and continuing students can now apply online.',
    body: '<p>Applications close on 30 September. Apply early to receive your funds before the semester starts.</p>',
  },
  {
    title: 'New repayment options for graduates',
    excerpt: 'Graduates can now choose a repayment plan linked to their income.',
    body: '<p>Repayments start at 5% of your monthly income and rise as you earn more.</p>',
  },
  {
    title: 'How we decide on bursaries',
    excerpt: 'A short guide to how household income and need are assessed.',
    body: '<p>We look at household income, the number of dependants and the cost of your course.</p>',
  },
];

/** The banners drawn for the hero, about and vision sections: their colours and what each shows, in words. */
export const banners = {
  home: {
    colours: { from: '#1e3a8a', to: '#7dd3fc', near: '#166534', far: '#4d7c0f' },
    alt: 'Illustration of a clear blue morning sky with the sun rising over green rolling hills.',
  },
  about: {
    colours: { from: '#065f46', to: '#bef264', near: '#14532d', far: '#3f6212' },
    alt: 'Illustration of a pale green dawn sky with a soft sun above two rows of dark green hills.',
  },
  vision: {
    colours: { from: '#581c87', to: '#f9a8d4', near: '#4c1d95', far: '#9d174d' },
    alt: 'Illustration of a purple evening sky turning pink at the horizon, with the sun setting behind dark hills.',
  },
};

/** Each success story's portrait: its ground colour and its alternative text, in the stories' order. */
export const portraits = [
  { ground: '#3b82f6', alt: 'Portrait placeholder for Amina Otieno: a white head-and-shoulders outline on blue.' },
  { ground: '#ea580c', alt: 'Portrait placeholder for Brian Mwangi: a white head-and-shoulders outline on orange.' },
  { ground: '#10b981', alt: 'Portrait placeholder for Grace Wanjiru: a white head-and-shoulders outline on green.' },
];

/** The alternative text of a university's crest. */
export const crestAlt = (universityName: string, initials: string): string =>
  `Crest of ${universityName}: a shield bearing the initials ${initials}.`;
