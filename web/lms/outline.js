// What the LMS adapter needs to know of the course, computed when the SCORM package is built
// (scripts/package-scorm.mjs) from the same data the pages are built from, and carried in the
// package's attn-lms.js: the pages in order, which of them teach (a prediction to commit, check
// questions to answer), the final quiz's items with their kinds, and the mastery score.
//   - a page's check is the questions of course-data/quiz.json whose `lesson` is the page (as
//     scripts/bundle.mjs puts an <attn-quiz lesson> on it; never on the quiz page or the index);
//   - a page's prediction is its `predict` block in course-data/lesson-guides.json;
//   - the final quiz (scope "quiz") is the questions with `final: true`, or every question
//     while none is marked (what quiz.html shows today).

/**
 * @typedef {{ slug: string, predict: boolean, checks: string[] }} OutlinePage
 * @typedef {{ id: string, kind: string }} OutlineItem
 * @typedef {{ pages: OutlinePage[], final: OutlineItem[], mastery: number }} Outline
 *   mastery: the passing share of the final quiz's first tries, 0..1 (the LMS's own, from the
 *   manifest, wins when it gives one)
 */

/** Pages that never carry a page check (bundle.mjs's lessonCheck). */
const NO_CHECK = new Set(['quiz', 'index']);

/**
 * @param {{ lessons: { slug: string }[] }} lessons course-data/lessons.json
 * @param {Record<string, { predict?: unknown }>} guides course-data/lesson-guides.json
 * @param {{ questions: { id: string, kind: string, lesson?: string, final?: boolean }[] }} quiz
 *   course-data/quiz.json
 * @param {number} [mastery]
 * @returns {Outline}
 */
export function courseOutline(lessons, guides, quiz, mastery = 0.8) {
  const marked = quiz.questions.some((q) => q.final === true);
  return {
    pages: lessons.lessons.map(({ slug }) => ({
      slug,
      predict: guides[slug]?.predict !== undefined,
      checks: NO_CHECK.has(slug)
        ? []
        : quiz.questions.filter((q) => q.lesson === slug).map((q) => q.id),
    })),
    final: quiz.questions
      .filter((q) => !marked || q.final === true)
      .map(({ id, kind }) => ({ id, kind })),
    mastery,
  };
}
