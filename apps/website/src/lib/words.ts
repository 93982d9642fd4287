/** Staff read these on every preview and on the page shown while Bursary cannot be reached: one wording, in English. */
export const PREVIEW_RIBBON = 'Preview: not published yet';
export const UNAVAILABLE = 'The website is being updated. Please try again in a minute.';

/**
 * The website's own words (navigation, headings, buttons), apart from the fund's content. A language without its
 * words here shows the English ones, marked `lang="en"` so that a screen reader reads them as English.
 */
const english = {
  skip: 'Skip to content',
  menu: 'Main',
  home: 'Home',
  apply: 'Apply',
  faqs: 'FAQs',
  stories: 'Stories',
  about: 'About',
  news: 'News',
  language: 'Language',
  howToApply: 'How to apply',
  faqsTitle: 'Frequently asked questions',
  allFaqs: 'See all questions',
  searchLabel: 'Search the questions',
  searchButton: 'Search',
  noMatch: 'No question matches your search.',
  matches: (n: number, q: string) => `${n} ${n === 1 ? 'question matches' : 'questions match'} “${q}”.`,
  clearSearch: 'Show every question',
  storiesTitle: 'Success stories',
  allStories: 'Read every story',
  storyOf: (name: string) => `Read ${name}’s story`,
  universities: 'Our partner universities',
  milestones: 'Our story so far',
  messages: 'Messages',
  newsTitle: 'News',
  readItem: (title: string) => `Read “${title}”`,
  backToNews: 'All news',
  backToStories: 'All stories',
  notFoundTitle: 'Page not found',
  notFoundText: 'There is no page at this address. It may have moved, or the link may be mistyped.',
  backHome: 'Go to the home page',
  unavailableTitle: 'Please try again soon',
  previewRefusedTitle: 'This preview has ended',
  previewRefusedText: 'The preview link has expired or was revoked. Open the preview again from Bursary.',
  from: 'From',
  to: 'To',
  nothingYet: 'Nothing here yet.',
  rights: (year: number, name: string) => `© ${year} ${name}`,
};

export type Words = typeof english;

const french: Words = {
  skip: 'Aller au contenu',
  menu: 'Principal',
  home: 'Accueil',
  apply: 'Postuler',
  faqs: 'FAQ',
  stories: 'Témoignages',
  about: 'À propos',
  news: 'Actualités',
  language: 'Langue',
  howToApply: 'Comment postuler',
  faqsTitle: 'Questions fréquentes',
  allFaqs: 'Voir toutes les questions',
  searchLabel: 'Rechercher dans les questions',
  searchButton: 'Rechercher',
  noMatch: 'Aucune question ne correspond à votre recherche.',
  matches: (n, q) => `${n} ${n === 1 ? 'question correspond' : 'questions correspondent'} à « ${q} ».`,
  clearSearch: 'Afficher toutes les questions',
  storiesTitle: 'Témoignages',
  allStories: 'Lire tous les témoignages',
  storyOf: (name) => `Lire le témoignage de ${name}`,
  universities: 'Nos universités partenaires',
  milestones: 'Notre histoire',
  messages: 'Messages',
  newsTitle: 'Actualités',
  readItem: (title) => `Lire « ${title} »`,
  backToNews: 'Toutes les actualités',
  backToStories: 'Tous les témoignages',
  notFoundTitle: 'Page introuvable',
  notFoundText: 'Il n’y a pas de page à cette adresse. Elle a peut-être été déplacée, ou le lien est mal saisi.',
  backHome: 'Aller à l’accueil',
  unavailableTitle: 'Veuillez réessayer bientôt',
  previewRefusedTitle: 'Cet aperçu a pris fin',
  previewRefusedText: 'Le lien d’aperçu a expiré ou a été révoqué. Ouvrez à nouveau l’aperçu depuis Bursary.',
  from: 'Du',
  to: 'au',
  nothingYet: 'Rien pour le moment.',
  rights: (year, name) => `© ${year} ${name}`,
};

const byLanguage: Record<string, Words> = { en: english, fr: french };

/** The words for a language (by its primary subtag, so `fr-CA` reads French) and the language they are in. */
export function wordsFor(locale: string): { words: Words; lang: string } {
  const primary = locale.split('-')[0]!.toLowerCase();
  const words = byLanguage[primary];
  return words ? { words, lang: locale } : { words: english, lang: 'en' };
}
