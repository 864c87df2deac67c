// A compact English stopword list for keyword and sentence scoring. Hand-kept (about 250 words) rather than a
// multi-language package so the browser bundle that runs these algorithms offline stays a few kilobytes.

const FUNCTION_WORDS =
  'a about above after again against all almost along already also although always am among an and another any ' +
  'anybody anyone anything anyway anywhere are around as at be became because become becomes been before being ' +
  'below between both but by can cannot could did do does doing done down during each either else enough etc even ' +
  'ever every everyone everything few for from further had has have having he her here hers herself him himself ' +
  'his how however i if in into is it its itself just least less let lets like likely many may maybe me might mine ' +
  'more most mostly much must my myself neither never no nobody none nor not nothing now of off often on once one ' +
  'only onto or other others otherwise our ours ourselves out over own per perhaps quite rather really same shall ' +
  'she should since so some somebody someone something sometimes somewhat still such than that the their theirs ' +
  'them themselves then there therefore these they this those though through thus to together too toward towards ' +
  'under until up upon us very via was we were what whatever when whenever where whereas wherever whether which ' +
  'while who whoever whom whose why will with within without would yet you your yours yourself yourselves ' +
  "ain't aren't can't couldn't didn't doesn't don't hadn't hasn't haven't isn't it's i'm i've i'd i'll let's " +
  "shouldn't that's there's they're they've wasn't we're we've weren't won't wouldn't you're you've";

// Words that are frequent in notes but never make a useful tag or key term on their own.
const GENERIC_WORDS =
  'able across actually add added adds again ago also back bad basically best better big bit came come comes ' +
  'consider could day days did different does done easy eg etc example examples fact far feel find first fine ' +
  'get gets getting give given go goes going good got great happen help ie important instead keep kind know large ' +
  'last later lot lots made make makes making mean means need needs new next ok okay old part put ' +
  'right say says second see seem seems set show small stuff sure take takes tell thing things think time ' +
  'times today try minute minutes hour hours week weeks month months year years two three four five use used uses using want way ways well went whole work works yes ';

export const STOPWORDS: ReadonlySet<string> = new Set(FUNCTION_WORDS.split(' ').filter(Boolean));

/** Stopwords plus generic note vocabulary: excluded from tags and key terms, but kept for sentence similarity. */
export const KEYWORD_STOPWORDS: ReadonlySet<string> = new Set([
  ...STOPWORDS,
  ...GENERIC_WORDS.split(' ').filter(Boolean),
]);
