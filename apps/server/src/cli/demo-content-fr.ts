/**
 * The sample content's French translation (Français), by section, in the English content's order. Not everything is
 * translated, as on a fund's real website while its translators catch up: two of the FAQs, the benefits'
 * description, the milestones, messages and news stay in English, so a French reader sees the fallback.
 */

export const locale = { code: 'fr', name: 'Français' };

export const heroes = {
  title: 'Financez vos études. Remboursez quand vous gagnez votre vie.',
  description:
    '<p>Des prêts étudiants à faible taux et des bourses pour les étudiants <strong>de premier cycle et de cycles supérieurs</strong> des universités et instituts agréés.</p>',
  button1: 'Faire une demande',
  button2: 'Vérifier mon éligibilité',
  image_alt: 'Illustration d’un ciel bleu clair du matin, le soleil se levant sur des collines verdoyantes.',
};

export const steps = {
  title: 'Comment faire une demande',
  steps: [
    'Créez votre compte étudiant avec votre carte d’identité et votre lettre d’admission.',
    'Remplissez le formulaire de demande et joignez le barème de vos frais de scolarité.',
    'Ajoutez un garant et les revenus de vos parents ou tuteurs.',
    'Envoyez votre demande et suivez son examen en ligne.',
    'Signez le contrat de prêt ; les fonds sont versés directement à votre établissement.',
  ],
};

/** The first three FAQs, by their English question; the others stay in English. */
export const faqs: Record<string, { title: string; description: string }> = {
  'Who can apply for a loan?': {
    title: 'Qui peut demander un prêt ?',
    description:
      '<p>Tout citoyen admis à un cursus à temps plein dans une université ou un institut agréé. Les étudiants de première année comme ceux qui poursuivent leurs études peuvent faire une demande.</p>',
  },
  'How do I apply?': {
    title: 'Comment faire une demande ?',
    description:
      '<p>Faites votre demande en ligne pendant la période d’inscription. Il vous faut votre pièce d’identité, votre lettre d’admission, le barème de vos frais et un garant.</p>',
  },
  'When do I start repaying?': {
    title: 'Quand dois-je commencer à rembourser ?',
    description:
      '<p>Le remboursement commence <strong>un an après la fin de vos études</strong>, ou plus tôt si vous trouvez un emploi.</p>',
  },
};

/** The benefits' title and points; its description stays in English. */
export const benefits = {
  title: 'Pourquoi emprunter auprès du Fonds',
  benefits: [
    'Aucun intérêt pendant vos études',
    'Des remboursements adaptés à vos revenus',
    'Les frais de scolarité versés directement à votre établissement',
    'Une allocation de subsistance versée chaque mois',
  ],
};

export const insights = {
  title: 'Notre impact en chiffres',
  first_insight_text: 'Étudiants financés cette année',
  second_insight_text: 'Universités et instituts partenaires',
  third_insight_text: 'Pour cent de taux de remboursement',
};

export const aboutHeroes = {
  title: 'À propos du Fonds',
  description:
    '<p>Depuis 1995, le Fonds aide les étudiants de tous les comtés à accéder à l’enseignement supérieur. Nous sommes un organisme public dirigé par un conseil d’administration et audité chaque année.</p>',
  image_alt:
    'Illustration d’un ciel d’aube vert pâle, un soleil doux au-dessus de deux rangées de collines vert foncé.',
};

export const missions = {
  title: 'Notre mission',
  description: '<p>Rendre l’enseignement supérieur abordable pour chaque étudiant qualifié.</p>',
  missions: [
    'Prêter de façon équitable et transparente',
    'Atteindre les étudiants de tous les comtés',
    'Recouvrer les prêts pour financer la génération suivante',
  ],
};

export const visions = {
  title: 'Notre vision',
  description:
    '<p>Un pays où <em>aucun étudiant qualifié</em> ne renonce à l’enseignement supérieur faute de moyens.</p>',
  image_alt:
    'Illustration d’un ciel du soir violet virant au rose à l’horizon, le soleil se couchant derrière des collines sombres.',
};

export const stakeholders = {
  title: 'Nos partenaires',
  description: '<p>Nous travaillons avec des établissements et des employeurs dans tout le pays.</p>',
  stakeHolders: [
    'Les universités et instituts',
    'Le ministère de l’Éducation',
    'Les employeurs qui prélèvent les remboursements',
    'Les banques qui versent les fonds',
  ],
};

/** The success stories' stories and their portraits' alternative text, in the English stories' order. */
export const successStories = [
  {
    story:
      '<p>Le prêt a payé mes frais de scolarité pendant quatre ans. Aujourd’hui, je suis ingénieure civile et je rembourse par l’intermédiaire de mon employeur.</p>',
    image_alt: 'Portrait de substitution d’Amina Otieno : la silhouette blanche d’une tête et d’épaules sur fond bleu.',
  },
  {
    story:
      '<p>Sans l’allocation de subsistance, je n’aurais pas pu rester à Eldoret. J’enseigne aujourd’hui les mathématiques dans mon comté d’origine.</p>',
    image_alt:
      'Portrait de substitution de Brian Mwangi : la silhouette blanche d’une tête et d’épaules sur fond orange.',
  },
  {
    story:
      '<p>La bourse a financé mes études d’infirmière. J’ai commencé à rembourser un an après l’obtention de mon diplôme, comme convenu.</p>',
    image_alt:
      'Portrait de substitution de Grace Wanjiru : la silhouette blanche d’une tête et d’épaules sur fond vert.',
  },
];

/** The alternative text of a university's crest, in French. */
export const crestAlt = (universityName: string, initials: string): string =>
  `Blason de ${universityName} : un écu aux initiales ${initials}.`;
