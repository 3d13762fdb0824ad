// Round 2 of docs/corrections.md (the lab, train, quiz, summary, misconceptions, milestone,
// exercise and playground pages): wording the independent readers found false or
// misleading, which the course must never say again. Same form as quotes.mjs's ROUND_1.

/** @type {[string, 'zh-CN' | 'en', RegExp][]} */
export const ROUND_2_LAB = [];
