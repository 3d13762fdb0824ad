// Round 2 of docs/corrections.md (lessons 6-10, the heatmap page, branches B1 and B4, the KV
// ledger): wording the independent readers found false or
// misleading, which the course must never say again. Same form as quotes.mjs's ROUND_1.

/** @type {[string, 'zh-CN' | 'en', RegExp][]} */
export const ROUND_2_LEDGER = [];
