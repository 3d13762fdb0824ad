// The one sideways-scrolling box every widget puts a too-wide table or matrix in. On a phone a
// cut-off table must say that it scrolls and must scroll from the keyboard: the box is a
// labelled region (role=region, aria-label naming the table), and while its content is wider
// than the box it is a tab stop (tabindex=0, so arrow keys scroll it) with a fade at the cut
// edge and a short "scroll →" hint. When everything fits it is neither: no useless tab stop,
// no hint. CSS: SCROLL_REGION_CSS, part of the shared sheet (web/styles.js).
import { h } from '../dom.js';

const HINT = { 'zh-CN': '左右滑动 →', en: 'scroll →' };

/**
 * A scroll region around `content`; `label` names it (the table's title), `lang` picks the
 * hint's language. The wrapper is returned; `region.box` is the scrolling element (to
 * replaceChildren into when the widget redraws).
 * @param {import('../dom.js').Child | import('../dom.js').Child[]} content
 * @param {{ label: string, lang: string, class?: string }} options
 * @returns {HTMLDivElement & { box: HTMLDivElement }}
 */
export function scrollRegion(content, { label, lang, class: extra }) {
  const box = h(
    'div',
    { class: extra ? `scroll ${extra}` : 'scroll', role: 'region', 'aria-label': label },
    content,
  );
  const hint = h(
    'p',
    { class: 'scroll-hint', 'aria-hidden': 'true', hidden: true },
    HINT[lang.startsWith('en') ? 'en' : 'zh-CN'],
  );
  // The fades sit on the frame (exactly the box's size), the hint above it.
  const frame = h('div', { class: 'scroll-frame' }, box);
  const wrap = /** @type {HTMLDivElement & { box: HTMLDivElement }} */ (
    h('div', { class: 'scroll-wrap' }, [hint, frame])
  );
  wrap.box = box;
  const region = {
    box,
    /** What the page shows, from what was read: the tab stop, the hint, the fades. */
    apply: (/** @type {{ overflows: boolean, left: boolean, right: boolean }} */ m) => {
      if (m.overflows) box.tabIndex = 0;
      else box.removeAttribute('tabindex');
      hint.hidden = !m.overflows;
      frame.classList.toggle('more-left', m.left);
      frame.classList.toggle('more-right', m.right);
    },
  };
  const schedule = () => measureSoon(region);
  box.addEventListener('scroll', schedule, { passive: true });
  new ResizeObserver(schedule).observe(box);
  new MutationObserver(schedule).observe(box, {
    childList: true,
    subtree: true,
    characterData: true,
  });
  // The first measurement as soon as the region is in the document (and laid out).
  schedule();
  return wrap;
}

/**
 * @typedef {{ box: HTMLDivElement,
 *   apply: (m: { overflows: boolean, left: boolean, right: boolean }) => void }} Region
 */
/** @type {Set<Region>} regions to measure in the next frame */
const pending = new Set();

/**
 * Every region that changed is measured in one animation frame, all reads first and then all
 * writes: a read after another region's write would force one more layout per region (the lab
 * has four regions: docs/benchmarks.md, "Figures behind the code").
 * @param {Region} region
 */
function measureSoon(region) {
  if (pending.size === 0) requestAnimationFrame(measurePending);
  pending.add(region);
}

function measurePending() {
  const regions = [...pending];
  pending.clear();
  const read = regions.map(({ box }) => {
    const overflows = box.scrollWidth > box.clientWidth + 1;
    return {
      overflows,
      left: overflows && box.scrollLeft > 1,
      right: overflows && box.scrollLeft + box.clientWidth < box.scrollWidth - 1,
    };
  });
  regions.forEach((region, i) => region.apply(read[i]));
}

/** The region's CSS (in the shared sheet). */
export const SCROLL_REGION_CSS = `
.scroll-wrap, .scroll-frame { max-width: 100%; }
.scroll-frame { position: relative; }
.scroll { overflow-x: auto; max-width: 100%; }
.scroll-frame::before, .scroll-frame::after { content: ""; position: absolute; top: 0; bottom: 0; width: 20px; pointer-events: none; opacity: 0; transition: opacity 0.15s; }
.scroll-frame::before { left: 0; background: linear-gradient(to right, rgba(0,0,0,0.25), rgba(0,0,0,0)); }
.scroll-frame::after { right: 0; background: linear-gradient(to left, rgba(0,0,0,0.25), rgba(0,0,0,0)); }
.scroll-frame.more-left::before, .scroll-frame.more-right::after { opacity: 1; }
.scroll-hint { margin: 0 0 2px; font-size: 0.85em; color: var(--_muted); text-align: right; }
`;
