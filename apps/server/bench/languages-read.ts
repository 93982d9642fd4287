import { type Measure, benchTiming, errorsText, measureInTurn } from './load.ts';
import { ownDataFolder, startOwnServer } from './own-server.ts';
import { printGoals } from './report.ts';
import { languageListGoal } from './run-goals.ts';
import { SECOND_LANGUAGE, faqAnswer, insertFaqs, insertLanguage } from './seed.ts';

/**
 * `npm run bench:languages`: the website's FAQ list in a second language (every FAQ written in it) against the plain
 * list, on a server of its own, measured in turn so both meet the same machine. The full bench has the same row;
 * this part runs alone in a minute. BENCH_QUICK=1 runs short.
 */
const FAQS = 50;
const quick = process.env.BENCH_QUICK === '1';
const { seconds, slices } = benchTiming(quick);

const folder = await ownDataFolder((database) => {
  insertFaqs(database, FAQS);
  insertLanguage(database, 'faqs', FAQS, (n) => ({
    title: `Comment fonctionne la question ${n} ?`,
    description: faqAnswer(n).replaceAll('Answer', 'Réponse'),
  }));
});
const server = await startOwnServer(folder);
try {
  const plainList = { path: '/api/faqs', connections: 50, expect: 200 };
  const [plain, inLanguage] = (await measureInTurn(
    [
      { base: server.base, load: plainList },
      { base: server.base, load: { ...plainList, path: `/api/faqs?locale=${SECOND_LANGUAGE}` } },
    ],
    seconds,
    slices,
  )) as [Measure, Measure];
  const show = (name: string, m: Measure) =>
    `  ${name}: ${m.reqPerSec} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms, ${m.requests} answered, ${errorsText(m)}`;
  console.log(`Reads in a second language (${FAQS} FAQs, each in ${SECOND_LANGUAGE} too, c=50)`);
  console.log(show('GET /api/faqs', plain));
  console.log(show(`GET /api/faqs?locale=${SECOND_LANGUAGE}`, inLanguage));
  printGoals([languageListGoal(inLanguage, plain)]);
} finally {
  await server.stop();
  folder.remove();
}
