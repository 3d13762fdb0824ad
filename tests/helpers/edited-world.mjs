// Another sentence in the course world's place: what the world-edit tests load instead of
// zh-gift (in node: tests/js/edited-world.test.mjs; on every page:
// tests/browser/edited-world.test.mjs). Six tokens where zh-gift has five, other words, other
// vectors, and every role at another position: 今天 小红 把 香蕉 递给了 小李 ("today Xiaohong
// handed the banana to Xiaoli"), query 递给了 (4), answer 小李 (5), object and key 香蕉 (3), giver
// 小红 (1), marker 把 (2), names 小红 and 小李. Its vectors are zh-gift's, nudged, with a row for
// 今天 in front, so the lessons' claims that are not numbers still hold (the names' keys agree
// and their values do not; the object's scores are small enough for a sink to take them over)
// while every number the course prints moves.

/** zh-gift's x nudged by a fixed pattern, with 今天's row in front. */
const nudge = (rows, by) =>
  rows.map((r, i) => r.map((x, j) => +(x + by * (((i + j) % 3) - 1)).toFixed(3)));

/**
 * A deep copy of teaching-world.json `doc` whose zh-gift world is the six-token sentence above.
 * @param {any} doc the parsed teaching-world.json
 */
export function editedWorldDoc(doc) {
  const out = structuredClone(doc);
  const g = doc.worlds['zh-gift'];
  out.worlds['zh-gift'] = {
    title: {
      'zh-CN': '今天小红把香蕉递给了小李',
      en: 'Today Xiaohong handed the banana to Xiaoli',
    },
    tokens: ['今天', '小红', '把', '香蕉', '递给了', '小李'],
    tokensEn: ['today', 'Xiaohong', 'ba (object marker)', 'banana', 'handed', 'Xiaoli'],
    dModel: g.dModel,
    heads: g.heads,
    x: [[0.2, 0.4, -0.5, 0.3], ...nudge(g.x, 0.1)],
    Wq: nudge(g.Wq, 0.05),
    Wk: nudge(g.Wk, -0.02),
    Wv: nudge(g.Wv, 0.04),
    Wo: g.Wo,
    roles: { query: 4, key: 3, answer: 5, object: 3, giver: 1, marker: 2, names: [1, 5] },
  };
  return out;
}
