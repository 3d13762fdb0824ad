// The chance levels of a head's pattern shares (headPatterns' previousToken and firstToken):
// what a head would get by attending uniformly over the keys each causal row may see. The train
// page and the lab show them beside the measured shares, so that a share near its chance level is
// not read as a previous-token head or an attention sink. Counting only: no attention here.

/**
 * The previous-character share a head would have by attending uniformly (its chance level), as
 * headPatterns counts it: over query rows i = 1 … T − 1, row i sees i + 1 keys, and its previous
 * key counts from row 2 on (row 1's is key 0, the first token), so the mean of 1 / (i + 1) over
 * i = 2 … T − 1, divided by the T − 1 rows.
 * @param {number} T tokens
 */
export function uniformPreviousShare(T) {
  let sum = 0;
  for (let i = 2; i < T; i++) sum += 1 / (i + 1);
  return T > 1 ? sum / (T - 1) : 0;
}

/**
 * The share of the first token (<bos>) a head would have by attending uniformly: the mean of
 * 1 / (i + 1) over query rows i = 1 … T − 1 (headPatterns' firstToken, the sink share).
 * @param {number} T tokens
 */
export function uniformFirstShare(T) {
  let sum = 0;
  for (let i = 1; i < T; i++) sum += 1 / (i + 1);
  return T > 1 ? sum / (T - 1) : 0;
}
