// Common English function words: they carry no topic, so they get no weight. A fixed list keeps
// the embedding deterministic without corpus statistics.
const STOPWORDS = new Set(
  (
    "a an and are as at be been being but by can could did do does doing for from had has have " +
    "having he her here hers him his how i if in into is it its itself just me more most my no " +
    "nor not of off on once only or other our ours out over own same she should so some such than " +
    "that the their theirs them then there these they this those through to too under until up " +
    "very was we were what when where which while who whom why will with would you your yours"
  ).split(" "),
);

export function isStopword(token: string): boolean {
  return STOPWORDS.has(token);
}
