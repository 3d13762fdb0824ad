// The course's own model for <attn-open-model>: dist/attn-course-model.js (the lab's model as a
// GGUF, base64, written by scripts/bundle.mjs) is added to the page only when the student asks
// for it, from the folder this widget's script came from (a classic script: file:// pages can
// neither fetch a file nor import a module).

/** @typedef {{ name: string, base64: string, prompt: string }} CourseModel */

const SCRIPT = 'attn-course-model.js';

/** @returns {CourseModel | undefined} */
const loaded = () => /** @type {{ AttnCourseModel?: CourseModel }} */ (globalThis).AttnCourseModel;

/** @type {Promise<CourseModel> | undefined} */
let pending;

/**
 * The course model, its script added once (next to attn-open-model.js, or attn-loader.js).
 * Rejects with an Error naming the script if it cannot be loaded.
 * @returns {Promise<CourseModel>}
 */
export function courseModelScript() {
  const have = loaded();
  if (have) return Promise.resolve(have);
  pending ??= new Promise((resolve, reject) => {
    const beside = /** @type {HTMLScriptElement | null} */ (
      document.querySelector('script[src*="attn-open-model.js"], script[src*="attn-loader.js"]')
    );
    const src = beside ? new URL(SCRIPT, beside.src).href : SCRIPT;
    const script = document.createElement('script');
    script.src = src;
    script.onload = () => {
      const model = loaded();
      if (model) resolve(model);
      else reject(new Error(`${SCRIPT} loaded but defined no model`));
    };
    script.onerror = () => {
      pending = undefined;
      reject(new Error(`${SCRIPT} could not be loaded (it belongs next to attn-open-model.js)`));
    };
    document.head.append(script);
  });
  return pending;
}
