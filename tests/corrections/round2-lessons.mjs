// Round 2 of docs/corrections.md (lessons 1-5, the index, the walkthrough, the evolution map):
// wording the independent readers found false or
// misleading, which the course must never say again. Same form as quotes.mjs's ROUND_1.

/** @type {[string, 'zh-CN' | 'en', RegExp][]} */
export const ROUND_2_LESSONS = [];
