// Lesson-page behaviour: the language button switches <html lang> and every widget's `lang`,
// and the choice follows the student from page to page: `?lang=en` (or `zh-CN`) in the address
// wins, else the last choice kept in localStorage. Course links carry `?lang=` too, so the
// language survives where storage is off (some browsers keep none for file:// pages).
// Pages that embed widgets elsewhere do not have the button: nothing here touches them.
import { storageOf, showProgress } from './progress.js';
import { wirePredictions } from './predict.js';
import { wireTeacherView } from './teacher-view.js';
import { wireTrainedPage } from './trained-page.js';

const STORAGE_KEY = 'attn-course-lang';
const TOGGLE = '[data-attn-lang-toggle]';

/**
 * 'en' | 'zh-CN' for a `?lang=` or stored value, else null ('zh', 'zh-cn', 'en-US' count).
 * @param {unknown} value
 * @returns {'en' | 'zh-CN' | null}
 */
export function normalizeLanguage(value) {
  if (typeof value !== 'string') return null;
  const v = value.trim().toLowerCase();
  if (v === 'en' || v.startsWith('en-')) return 'en';
  if (v === 'zh' || v.startsWith('zh-')) return 'zh-CN';
  return null;
}

/**
 * The language a course page should open in: the address's ?lang=, then storage, else null.
 * @param {string} search location.search
 * @param {Pick<Storage, 'getItem'> | null | undefined} storage
 */
export function chosenLanguage(search, storage) {
  const fromUrl = normalizeLanguage(new URLSearchParams(search).get('lang'));
  if (fromUrl) return fromUrl;
  try {
    return normalizeLanguage(storage?.getItem(STORAGE_KEY));
  } catch {
    return null; // storage can throw (disabled, or file:// in a strict browser)
  }
}

/**
 * `href` with ?lang=en for English, without ?lang for Chinese (the default).
 * @param {string} href
 * @param {string} lang
 */
export function withLanguage(href, lang) {
  const [path, hash = ''] = href.split('#');
  const [file, query = ''] = path.split('?');
  const params = new URLSearchParams(query);
  if (lang === 'en') params.set('lang', 'en');
  else params.delete('lang');
  const q = params.toString();
  return `${file}${q ? `?${q}` : ''}${hash ? `#${hash}` : ''}`;
}

/**
 * Sets the page's language: <html lang>, the button, every widget, the course links, labels.
 * @param {Document} doc
 * @param {'en' | 'zh-CN'} lang
 */
function apply(doc, lang) {
  doc.documentElement.lang = lang;
  /** @type {HTMLElement | null} */
  const button = doc.querySelector(TOGGLE);
  if (button) {
    // The button names the other language in that language.
    button.textContent = lang === 'en' ? '中文' : 'English';
    button.lang = lang === 'en' ? 'zh-CN' : 'en';
  }
  for (const el of doc.querySelectorAll('*'))
    if (el.localName.startsWith('attn-')) el.setAttribute('lang', lang);
  for (const a of doc.querySelectorAll('a[href$=".html"], a[href*=".html?"], a[href*=".html#"]'))
    a.setAttribute('href', withLanguage(a.getAttribute('href') ?? '', lang));
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (doc.querySelectorAll('[data-label-zh]')))
    el.setAttribute('aria-label', String(el.dataset[lang === 'en' ? 'labelEn' : 'labelZh']));
}

/**
 * Before the widgets are defined: opens a course page (one with the language button) in the
 * remembered language, so widgets draw once in it instead of switching after their first draw.
 */
/**
 * @param {Document} [doc]
 * @param {{ location?: Location, localStorage?: Storage }} [win]
 */
export function applyChosenLanguage(doc = document, win = globalThis) {
  if (!doc.querySelector(TOGGLE)) return;
  const lang = chosenLanguage(win.location?.search ?? '', storageOf(win));
  if (lang) apply(doc, lang);
}

/**
 * Wires the language button; the choice is stored for the next page and written into this
 * page's address (history.replaceState): the address's ?lang= wins over storage, so a reload or
 * Back to this page would otherwise open in the language the page was first opened in.
 * @param {Document} [doc]
 * @param {{ localStorage?: Storage, location?: Location, history?: History }} [win]
 */
export function wireLanguageToggle(doc = document, win = globalThis) {
  const button = doc.querySelector(TOGGLE);
  if (!button) return;
  button.addEventListener('click', () => {
    const lang = doc.documentElement.lang === 'en' ? 'zh-CN' : 'en';
    apply(doc, lang);
    try {
      storageOf(win)?.setItem(STORAGE_KEY, lang);
    } catch {
      // no storage: the ?lang= on the course links still carries the choice
    }
    const here = win.location;
    if (here && win.history) {
      const file = here.pathname.split('/').pop() || '';
      try {
        win.history.replaceState(
          win.history.state,
          '',
          withLanguage(`${file}${here.search}${here.hash}`, lang),
        );
      } catch {
        // an address the browser will not rewrite (a sandboxed frame): storage still has it
      }
    }
  });
}

/**
 * A course page's own behaviour beyond the language: its prediction cards, the teacher view and
 * (on the index) the student's progress. Run by attn-loader.js as soon as the page is parsed, so
 * a gate is closed before the widgets draw. Pages without the language button (a site embedding
 * widgets) are left alone.
 * @param {Document} [doc]
 * @param {{ location?: Location, localStorage?: Storage }} [win]
 */
export function wireCoursePage(doc = document, win = globalThis) {
  if (!doc.querySelector(TOGGLE)) return;
  // lab.html?model=trained first: it gives the prediction card its own record.
  wireTrainedPage(doc, win);
  wirePredictions(doc, win);
  wireTeacherView(doc, win);
  showProgress(doc, win);
}
