// The SCORM package's launch page (scorm.html, written by scripts/package-scorm.mjs): one SCO
// whose course pages run in a frame inside it, so the course's own navigation works and the LMS
// session lives as long as the launch page, across every page the student opens:
//   launch  find the LMS's API (find-api.js), initialise once, read the saved progress
//           (suspend_data, suspend-data.js) and merge it into this browser's (localStorage,
//           web/progress.js) before any page reads it, then open the page the student left;
//   while   each change of the progress (a `storage` event from the page in the frame) and each
//           page opened is reported (report.js): status, score, the final quiz's first tries as
//           interactions, suspend_data, the location; committed;
//   close   on pagehide: session time, exit = suspend, commit, terminate (once).
// Any failure of the LMS leaves the pages as they are without an LMS (localStorage) and is
// written into each page's footer for the teacher view (strings.js).
/** @import { Outline } from './outline.js' */
/** @import { ScormVersion } from './find-api.js' */
/** @import { Progress } from '../progress.js' */
import { findApi } from './find-api.js';
import { ScormSession } from './scorm.js';
import { lmsReport } from './report.js';
import { encodeSuspendData, decodeSuspendData, SUSPEND_LIMIT } from './suspend-data.js';
import { LMS_STRINGS } from './strings.js';
import { PROGRESS_KEY, storageOf, readProgress, editProgress, mergeProgress } from '../progress.js';

/** The data model's element names, by version. */
const CMI = {
  1.2: {
    learner: 'cmi.core.student_id',
    location: 'cmi.core.lesson_location',
    status: 'cmi.core.lesson_status',
    raw: 'cmi.core.score.raw',
    min: 'cmi.core.score.min',
    max: 'cmi.core.score.max',
    mastery: 'cmi.student_data.mastery_score',
    exit: 'cmi.core.exit',
    time: 'cmi.core.session_time',
    interactions: 'cmi.interactions',
    response: 'student_response',
    when: 'time',
    wrong: 'wrong',
  },
  2004: {
    learner: 'cmi.learner_id',
    location: 'cmi.location',
    status: 'cmi.completion_status',
    raw: 'cmi.score.raw',
    min: 'cmi.score.min',
    max: 'cmi.score.max',
    mastery: 'cmi.scaled_passing_score',
    exit: 'cmi.exit',
    time: 'cmi.session_time',
    interactions: 'cmi.interactions',
    response: 'learner_response',
    when: 'timestamp',
    wrong: 'incorrect',
  },
};
/** Quiz item kinds (course-data/quiz.json) → SCORM interaction types. */
const TYPES = /** @type {Record<string, string>} */ ({
  choice: 'choice',
  'true-false': 'true-false',
  numeric: 'numeric',
  order: 'sequencing',
});
/** Which learner this browser's progress is (a shared computer: one student's stays theirs). */
const LEARNER_KEY = 'attn-course-learner';
const PAGE = /^([a-z0-9][a-z0-9-]*)\.html(\?lang=en)?$/;

/**
 * @param {Document} doc the launch page
 * @param {Window} win
 * @param {Outline} outline
 */
export function startLms(doc, win, outline) {
  const frame = /** @type {HTMLIFrameElement | null} */ (
    doc.querySelector('iframe[data-attn-lms-frame]')
  );
  if (!frame) return;
  const wanted = /** @type {ScormVersion} */ (
    frame.dataset.attnLmsFrame === '2004' ? '2004' : '1.2'
  );
  const storage = storageOf(win);
  const found = findApi(win, wanted);
  const session = found ? new ScormSession(found.api, found.version) : null;
  const version = session?.version ?? wanted;
  const E = CMI[version];
  /** @type {{ key: 'none' | 'refused' | 'unread' | 'ok' | 'unsaved', notes: string[][] }} */
  const status = { key: 'none', notes: [] };
  /** @param {import('./scorm.js').Problem | null} p */
  const said = (p) => {
    if (!p) return '';
    const error = p.code && p.code !== '0' ? `error ${p.code}${p.text ? ` ${p.text}` : ''}` : '';
    return `${p.call}(${p.element}) → ${p.result || '""'}${error ? `, ${error}` : ''}`;
  };
  const pages = new Set(['index', ...outline.pages.map((p) => p.slug)]);

  /** The status line in the footer of the page in the frame (the teacher view shows it). */
  const showStatus = () => {
    /** @type {Document | null} */
    let inner = null;
    try {
      inner = frame.contentDocument;
    } catch {
      return; // a page of another origin (never one of ours)
    }
    const foot = inner?.querySelector('.course-foot');
    if (!inner || !foot) return;
    const line = foot.querySelector('.lms-status') ?? inner.createElement('p');
    line.className = 'lms-status';
    line.replaceChildren(
      .../** @type {const} */ (['zh-CN', 'en']).map((lang) => {
        const S = LMS_STRINGS[lang];
        const p = said(session?.problem ?? null);
        const main =
          status.key === 'none' ? S.none : status.key === 'ok' ? S.ok(version) : S[status.key](p);
        const span = inner.createElement('span');
        span.lang = lang;
        span.textContent = [main, ...status.notes.map(([k, n]) => noteText(lang, k, n))].join(
          lang === 'en' ? ' ' : '',
        );
        return span;
      }),
    );
    foot.append(line);
  };
  /**
   * @param {'zh-CN' | 'en'} lang
   * @param {string} key
   * @param {string} n
   */
  const noteText = (lang, key, n) => {
    const S = LMS_STRINGS[lang];
    return key === 'compacted'
      ? S.compacted(Number(n), version)
      : key === 'newer'
        ? S.newer
        : S.replaced;
  };
  /** @param {string} key @param {string} [n] */
  const note = (key, n = '') => {
    status.notes = [...status.notes.filter(([k]) => k !== key), [key, n]];
  };

  /** The page in the frame as `file.html` (with ?lang=en), or '' if it cannot be read. */
  const framePage = () => {
    try {
      const loc = /** @type {Window} */ (frame.contentWindow).location;
      const file = loc.pathname.split('/').pop() ?? '';
      const at = `${file}${new URLSearchParams(loc.search).get('lang') === 'en' ? '?lang=en' : ''}`;
      const m = PAGE.exec(at);
      return m && pages.has(m[1]) ? at : '';
    } catch {
      return '';
    }
  };
  /**
   * Opens the course in the frame at page `at` (else the index); `onLoad` after each page.
   * @param {string} at
   * @param {() => void} onLoad
   */
  const open = (at, onLoad) => {
    frame.addEventListener('load', onLoad);
    frame.src = at || 'index.html';
  };

  if (!session) return open('', showStatus);
  if (!session.start()) {
    status.key = 'refused';
    return open('', showStatus);
  }

  // Launch: what the LMS saved, merged into this browser's progress before a page reads it.
  const learner = session.get(E.learner) ?? '';
  let where = session.get(E.location) ?? '';
  const launched = launchState(session, version);
  const masteryText = session.get(E.mastery) ?? '';
  const mastery =
    masteryText === '' ? outline.mastery : Number(masteryText) / (version === '1.2' ? 100 : 1);
  let count = Number(session.get(`${E.interactions}._count`) ?? 0) || 0;
  // Last, so that a failed read of it is the problem the teacher view names.
  const saved = session.get('cmi.suspend_data');
  const canWrite = saved !== null;
  if (!canWrite) status.key = 'unread';
  const decoded = decodeSuspendData(saved ?? '');
  if (decoded.error === 'unreadable') note('replaced');
  if (decoded.error === 'newer') note('newer');
  const canWriteSuspend = canWrite && decoded.error !== 'newer';
  /** Final items whose first try the LMS has as an interaction already. */
  const reported = new Set(Object.keys(decoded.progress.answers.quiz ?? {}));
  switchLearner(storage, learner);
  const merged = mergeProgress(readProgress(storage), decoded.progress);
  editProgress(storage, (p) => Object.assign(p, merged));
  // Where this browser cannot keep it (storage off or full), the merged progress is what counts.
  const kept = JSON.stringify(readProgress(storage)) === JSON.stringify(merged);
  /** @returns {Progress} */
  const current = () =>
    kept ? readProgress(storage) : mergeProgress(readProgress(storage), merged);
  if (!pages.has(PAGE.exec(where)?.[1] ?? ''))
    where = pages.has(decoded.at) ? `${decoded.at}.html` : '';

  let timer = 0;
  const sync = () => {
    win.clearTimeout(timer);
    if (session.state !== 'open' || !canWrite) return showStatus();
    let refused = false;
    /** @param {string} element @param {string | number} value */
    const put = (element, value) => {
      const ok = session.set(element, value);
      refused ||= !ok;
      return ok;
    };
    const progress = current();
    const r = lmsReport(progress, outline);
    const completed = r.completed || launched.completed;
    const raw = Math.max(r.total ? Math.round((100 * r.right) / r.total) : 0, launched.raw ?? 0);
    const decided = (r.total > 0 && r.answered === r.total) || launched.decided;
    const success = decided ? (raw / 100 >= mastery ? 'passed' : 'failed') : 'unknown';
    if (version === '1.2')
      put(E.status, !completed ? 'incomplete' : decided ? success : 'completed');
    else {
      put(E.status, completed ? 'completed' : 'incomplete');
      put('cmi.success_status', success);
      put('cmi.progress_measure', r.steps ? (r.done / r.steps).toFixed(4) : '1');
    }
    if (r.answered > 0 || launched.raw !== null) {
      put(E.raw, raw);
      put(E.min, 0);
      put(E.max, 100);
      if (version === '2004') put('cmi.score.scaled', (raw / 100).toFixed(4));
    }
    for (const i of r.interactions) {
      if (reported.has(i.id)) continue;
      const at = `${E.interactions}.${count}.`;
      const response = responseFor(i.kind, i.response, version);
      const ok =
        put(`${at}id`, i.id) &&
        put(`${at}type`, TYPES[i.kind] ?? (version === '1.2' ? 'performance' : 'other')) &&
        put(`${at}${E.when}`, timeNow(version)) &&
        put(`${at}weighting`, 1) &&
        (response === null || put(`${at}${E.response}`, response)) &&
        put(`${at}result`, i.correct ? 'correct' : E.wrong);
      reported.add(i.id); // once, even if the LMS refused part of it: a retry would add a row
      if (ok) count++;
    }
    if (canWriteSuspend) {
      const slug = PAGE.exec(where)?.[1] ?? 'index';
      const { text, dropped } = encodeSuspendData(progress, slug, SUSPEND_LIMIT[version], outline);
      put('cmi.suspend_data', text);
      if (dropped) note('compacted', String(dropped));
      else status.notes = status.notes.filter(([k]) => k !== 'compacted');
    }
    if (where) put(E.location, where);
    status.key = session.commit() && !refused ? 'ok' : 'unsaved';
    showStatus();
  };
  const later = () => {
    win.clearTimeout(timer);
    timer = win.setTimeout(sync, 150);
  };
  const startedAt = Date.now();
  const close = () => {
    if (session.state !== 'open') return;
    sync();
    session.set(E.time, sessionTime(Date.now() - startedAt, version));
    session.set(E.exit, 'suspend');
    session.end();
  };

  win.addEventListener('storage', (e) => {
    if (e.key === PROGRESS_KEY || e.key === null) later();
  });
  win.addEventListener('pagehide', close);
  doc.addEventListener('visibilitychange', () => {
    if (doc.visibilityState === 'hidden') sync();
  });
  open(where, () => {
    where = framePage() || where;
    showStatus();
    sync();
  });
  sync();
}

/**
 * What the LMS had reported at launch, so that a report never goes back on it (a progress whose
 * suspend_data lost records to the size limit, read on another device).
 * @param {ScormSession} session
 * @param {ScormVersion} version
 */
function launchState(session, version) {
  const E = CMI[version];
  const status = session.get(E.status) ?? '';
  const success = version === '1.2' ? status : (session.get('cmi.success_status') ?? '');
  const raw = session.get(E.raw) ?? '';
  return {
    completed: ['completed', 'passed', 'failed'].includes(status),
    decided: success === 'passed' || success === 'failed',
    raw: raw === '' || !Number.isFinite(Number(raw)) ? null : Number(raw),
  };
}

/**
 * A first answer as the interaction's learner response of its type, or null (not expressible).
 * @param {string} kind
 * @param {string} answer
 * @param {ScormVersion} version
 */
export function responseFor(kind, answer, version) {
  if (kind === 'true-false')
    return version === '1.2' ? (answer === 'true' ? 't' : 'f') : String(answer === 'true');
  if (kind === 'numeric')
    return Number.isFinite(Number(answer)) && answer !== '' ? String(Number(answer)) : null;
  if (kind === 'choice' || kind === 'order') {
    let items;
    try {
      items = JSON.parse(answer);
    } catch {
      items = answer.split(/[,\s]+/);
    }
    const ids = (Array.isArray(items) ? items : [items])
      .map((x) => String(x).replace(/[^\w.-]/g, ''))
      .filter(Boolean);
    return ids.length ? ids.join(version === '1.2' ? ',' : '[,]') : null;
  }
  return answer.slice(0, 250);
}

/**
 * The session's length as the version writes it: 1.2 HHHH:MM:SS.SS, 2004 an ISO 8601 duration.
 * @param {number} ms
 * @param {ScormVersion} version
 */
export function sessionTime(ms, version) {
  const cs = Math.max(0, Math.round(ms / 10)); // centiseconds
  const h = Math.floor(cs / 360000);
  const m = Math.floor(cs / 6000) % 60;
  const sec = Math.floor(cs / 100) % 60;
  const frac = String(cs % 100).padStart(2, '0');
  if (version === '2004') return `PT${h}H${m}M${sec}.${frac}S`;
  const two = (/** @type {number} */ x) => String(x).padStart(2, '0');
  return `${two(Math.min(h, 9999))}:${two(m)}:${two(sec)}.${frac}`;
}

/**
 * Now, as an interaction's time: 1.2 a time of day, 2004 a date and time (local).
 * @param {ScormVersion} version
 */
function timeNow(version) {
  const d = new Date();
  const two = (/** @type {number} */ x) => String(x).padStart(2, '0');
  const time = `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
  return version === '1.2'
    ? time
    : `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${time}`;
}

/**
 * Keeps each learner's progress theirs on a shared browser: progress left by another learner of
 * the LMS is put aside under their id (and comes back when they launch again); progress made
 * outside the LMS (no learner noted) is this learner's.
 * @param {Storage | null} storage
 * @param {string} learner
 */
function switchLearner(storage, learner) {
  if (!storage || !learner) return;
  try {
    const before = storage.getItem(LEARNER_KEY);
    if (before !== null && before !== learner) {
      const theirs = storage.getItem(PROGRESS_KEY);
      const mine = storage.getItem(`${PROGRESS_KEY}@${learner}`);
      if (theirs !== null) storage.setItem(`${PROGRESS_KEY}@${before}`, theirs);
      if (mine !== null) storage.setItem(PROGRESS_KEY, mine);
      else storage.removeItem(PROGRESS_KEY);
      storage.removeItem(`${PROGRESS_KEY}@${learner}`);
    }
    storage.setItem(LEARNER_KEY, learner);
  } catch {
    // storage off: nothing is kept here to mix up
  }
}
