// The quiz's questions and the lessons they point to, as <attn-quiz> reads them. In the course's
// per-widget script (dist/widgets/quiz.js, which every lesson page loads for its check) the
// bundler keeps only what a page's check needs: the questions with a `lesson`, the lessons'
// slugs and titles, and `finalElsewhere`, the number of final-quiz questions it left out. Those
// come in dist/attn-quiz-final.js (globalThis.AttnQuizFinal), which web/loader.js adds only to a
// page with the final quiz (an <attn-quiz> without `lesson`). Everywhere else (attn-widgets.js,
// the ES module, node) the import is the whole of course-data/quiz.json.
import { QuizDataError } from './logic.js';
import quizJson from '../../course-data/quiz.json' with { type: 'json' };
import lessonsJson from '../../course-data/lessons.json' with { type: 'json' };

/** @typedef {{ lessons: { slug: string, title: Record<string, string> }[] }} LessonTitles */

/** The lessons' slugs and titles (all a quiz needs of lessons.json). */
export const lessonsData = /** @type {LessonTitles} */ (lessonsJson);

/** What the bundler may add to the per-widget script's copy of quiz.json. */
export const LEFT_OUT_KEY = 'finalElsewhere';

/**
 * The whole quiz: this script's questions plus those of attn-quiz-final.js where the bundler put
 * them apart. Throws, naming the script, when the final quiz's questions are missing.
 * @param {{ final: boolean }} need whether the caller shows the final quiz
 * @returns {unknown} quiz.json's document, for checkQuiz
 */
export function quizData({ final }) {
  const { [LEFT_OUT_KEY]: leftOut = 0, ...doc } = /** @type {Record<string, any>} */ (quizJson);
  if (!leftOut) return doc;
  const extra = /** @type {{ questions?: unknown[] } | undefined} */ (
    /** @type {any} */ (globalThis).AttnQuizFinal
  );
  if (!extra?.questions) {
    if (final)
      throw new QuizDataError(
        `the final quiz's other ${leftOut} questions are in attn-quiz-final.js: ` +
          'add <script src="attn-quiz-final.js"></script> after the widget scripts',
        'final',
      );
    return doc;
  }
  return { ...doc, questions: [...doc.questions, ...extra.questions] };
}
