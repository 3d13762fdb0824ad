// Small DOM helpers that keep widgets CSP-safe: no innerHTML with data, no inline style
// attributes (blocked by a strict style-src); styles go through CSSOM properties.
import { formula, MathNode, MathLine } from './mathml.js';

const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * Attributes by name; `style` a map of CSS properties, `on<event>` a listener, `text` the text
 * content. undefined, null and false leave an attribute out; true sets it empty.
 * @typedef {Record<string, any>} Props
 */
/**
 * A formula tree or a line of prose and formulas (web/mathml.js) is drawn as MathML, so a string
 * table can write W_O as a subscript (line('乘 ', sub('W', 'O'))) and any h() shows it.
 * @typedef {Node | string | number | boolean | null | undefined | MathNode | MathLine} Child
 */

/**
 * @template {Element} E
 * @param {E} node
 * @param {Props | undefined} props
 * @param {Child | Child[] | undefined} children
 * @returns {E}
 */
function build(node, props, children) {
  for (const [k, v] of Object.entries(props || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'style')
      for (const [sk, sv] of Object.entries(v))
        /** @type {HTMLElement | SVGElement} */ (/** @type {unknown} */ (node)).style.setProperty(
          sk,
          sv,
        );
    else if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
    else if (k === 'text') node.textContent = v;
    else node.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of /** @type {Child[]} */ ([]).concat(children ?? [])) {
    if (c === null || c === undefined || c === false) continue;
    if (c instanceof MathNode || c instanceof MathLine) node.append(...formula(c));
    else node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

/**
 * h('button', {class: 'x', onclick: f}, ['label'])
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Props} [props]
 * @param {Child | Child[]} [children]
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, props, children) {
  return build(document.createElement(tag), props, children);
}

/**
 * svg('rect', {x: 0, ...})
 * @template {keyof SVGElementTagNameMap} K
 * @param {K} tag
 * @param {Props} [props]
 * @param {Child | Child[]} [children]
 * @returns {SVGElementTagNameMap[K]}
 */
export function svg(tag, props, children) {
  return build(document.createElementNS(SVG_NS, tag), props, children);
}

/**
 * 0.325 → "32.5%"
 * @param {number} x
 */
export function pct(x, digits = 1) {
  return `${(x * 100).toFixed(digits)}%`;
}

/**
 * A number written two ways, the precise `wide` and the shorter `narrow` ("56.5%" / "57%"):
 * two spans of which the shared sheet shows one, `narrow` when the widget is narrow (a phone).
 * Both come from the same engine number; only their rounding differs.
 * @param {string} wide
 * @param {string} narrow
 * @returns {Node[]}
 */
export function fitText(wide, narrow) {
  return [h('span', { class: 'fit-wide' }, wide), h('span', { class: 'fit-narrow' }, narrow)];
}

/**
 * A control's content named by what it shows: `name` for screen readers only, then the number
 * as fitText writes it. No aria-label, so the accessible name always holds the visible text
 * (WCAG label in name), in whichever form the widget's width shows it.
 * @param {string} name e.g. "给了 看 苹果：可见，权重 "
 * @param {string} wide
 * @param {string} narrow
 * @returns {Node[]}
 */
export function namedNumber(name, wide, narrow) {
  return [h('span', { class: 'visually-hidden' }, name), ...fitText(wide, narrow)];
}

/**
 * Makes `el`'s children equal to `children`, changing only what differs: an element of the same
 * tag keeps its place and gets the new attributes and (recursively) children, a text node gets
 * the new text; anything else is replaced. An interaction that changes a few numbers then has
 * only those laid out again: a rebuilt table is laid out whole, every MathML cell in it (most of
 * a widget's frame, not the JS that built it). `part` attributes (AttnWidget.markParts) stay. For
 * drawn content only: a kept element keeps its old event listeners, the new one's are dropped.
 * @param {Element} el
 * @param {(Node | string)[]} children
 */
export function redraw(el, children) {
  // Like replaceChildren: anything but a node becomes its text.
  patchChildren(
    el,
    children.map((c) => (c instanceof Node ? c : document.createTextNode(String(c)))),
  );
}

/** @param {Node} parent @param {Node[]} nodes */
function patchChildren(parent, nodes) {
  const old = [...parent.childNodes];
  if (old.length !== nodes.length) {
    /** @type {Element} */ (parent).replaceChildren(...nodes);
    return;
  }
  old.forEach((o, i) => {
    if (!patchNode(o, nodes[i])) parent.replaceChild(nodes[i], o);
  });
}

/**
 * Turns `o` into a copy of `n` in place if they are the same kind of node; false if not.
 * @param {Node} o
 * @param {Node} n
 */
function patchNode(o, n) {
  if (o.nodeType !== n.nodeType || o.nodeName !== n.nodeName) return false;
  if (o.nodeType !== Node.ELEMENT_NODE) {
    if (o.nodeValue !== n.nodeValue) o.nodeValue = n.nodeValue;
    return true;
  }
  const oe = /** @type {Element} */ (o),
    ne = /** @type {Element} */ (n);
  if (oe.isEqualNode(ne)) return true; // the common case, compared natively
  for (const { name, value } of ne.attributes)
    if (oe.getAttribute(name) !== value) {
      // A style attribute set as text is inline style, which a strict style-src blocks; the
      // CSSOM is not (and h() sets styles through it).
      if (name === 'style')
        /** @type {HTMLElement} */ (oe).style.cssText = /** @type {HTMLElement} */ (
          ne
        ).style.cssText;
      else oe.setAttribute(name, value);
    }
  for (const { name } of [...oe.attributes])
    if (name !== 'part' && !ne.hasAttribute(name)) oe.removeAttribute(name);
  patchChildren(oe, [...ne.childNodes]);
  return true;
}

/**
 * Fixed digits, with a real minus sign for negatives.
 * @param {number} x
 */
export function num(x, digits = 2) {
  const s = x.toFixed(digits);
  return s.startsWith('-') ? `−${s.slice(1)}` : s;
}

/**
 * x as en-US writes it, thousands grouped: exactly `x.toLocaleString('en-US')` ("389,120",
 * "1,234.568": up to 3 decimals, trailing zeros dropped), or with `decimals` given, exactly
 * toLocaleString with that many fraction digits. Written out instead of asked of Intl: a page's
 * first Intl call loads ICU's number data before anything is drawn (docs/benchmarks.md, "Figures
 * behind the code"). Like Intl, it rounds the shortest decimal form of x half away from zero
 * (1.005 → "1.01", where toFixed gives "1.00").
 * @param {number} x
 * @param {number} [decimals]
 */
export function grouped(x, decimals) {
  const d = decimals ?? 3;
  const abs = Math.abs(x);
  // Outside what toFixed writes in positional form (and NaN, ±Infinity): Intl itself.
  if (!(abs < 1e21) || !Number.isInteger(d) || d < 0 || d > 20)
    return x.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: d });
  // All the digits kept, without the point: the last d are the fraction.
  let digits;
  const shortest = String(abs);
  if (shortest.includes('e')) {
    // Below 1e-6: no tie at the decimals a page shows, toFixed rounds the same.
    digits = abs.toFixed(d).replace('.', '');
  } else {
    const [whole, frac = ''] = shortest.split('.');
    digits = whole + frac.slice(0, d).padEnd(d, '0');
    if (frac.length > d && frac[d] >= '5') {
      // + 1 in the last kept digit, carrying through 9s
      const ds = [...digits];
      let i = ds.length - 1;
      for (; i >= 0 && ds[i] === '9'; i--) ds[i] = '0';
      if (i < 0) ds.unshift('1');
      else ds[i] = String(Number(ds[i]) + 1);
      digits = ds.join('');
    }
  }
  const whole = digits.slice(0, digits.length - d).replace(/^0+(?=\d)/, '') || '0';
  let frac = digits.slice(digits.length - d);
  if (decimals === undefined) frac = frac.replace(/0+$/, '');
  const sign = x < 0 || Object.is(x, -0) ? '-' : '';
  return `${sign}${whole.replace(/\B(?=(\d{3})+$)/g, ',')}${frac ? `.${frac}` : ''}`;
}

/**
 * Bytes in binary units, up to 2 decimals: "384 KiB", "96 GiB", "87.75 GiB", "144 MiB".
 * @param {number} b
 */
export function bytes(b, digits = 2) {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'];
  let i = 0;
  let v = b;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  const s = i === 0 ? String(v) : v.toFixed(digits).replace(/\.?0+$/, '');
  return `${s} ${units[i]}`;
}

/**
 * Exact bytes with thousands separators: "389,120 B".
 * @param {number} b
 */
export function exactBytes(b) {
  return `${grouped(b)} B`;
}

/**
 * Arrow keys move one cell, Home / End jump to the row's first / last column.
 * @type {Record<string, [number, number]>}
 */
const GRID_MOVES = {
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
  Home: [0, -Infinity],
  End: [0, Infinity],
};

/**
 * The cell a key moves the cursor [row, col] to in a rows × cols grid, clamped to it; null for
 * a key that does not move.
 * @param {string} key
 * @param {number[]} at
 * @param {number} rows
 * @param {number} cols
 * @returns {[number, number] | null}
 */
export function gridMove(key, [row, col], rows, cols) {
  const m = GRID_MOVES[key];
  if (!m) return null;
  /** @param {number} x @param {number} n */
  const clamp = (x, n) => Math.max(0, Math.min(n - 1, x));
  return [clamp(row + m[0], rows), clamp(col + m[1], cols)];
}

/**
 * m × 10ⁿ with the exponent in superscript digits, for text lines (a caret would reach the
 * page as "10^−4"): powerOfTen("2.4", -7) → "2.4 × 10⁻⁷".
 * @param {string} mantissa
 * @param {number} exponent
 */
export function powerOfTen(mantissa, exponent) {
  const sup = [...String(exponent)].map((ch) => '⁻⁰¹²³⁴⁵⁶⁷⁸⁹'['-0123456789'.indexOf(ch)]);
  return `${mantissa} × 10${sup.join('')}`;
}

/**
 * A text in both languages as two spans, `<span lang="zh-CN">` and `<span lang="en">`; the course
 * pages' CSS shows the one of <html lang> (page chrome outside the widgets).
 * @param {string} zh
 * @param {string} en
 */
export function bothLanguages(zh, en) {
  return [h('span', { lang: 'zh-CN' }, zh), h('span', { lang: 'en' }, en)];
}

/**
 * Saves `blob` as the file `name`, through a link clicked in `parent` (a widget's body: the link
 * must be in the document) and taken out again.
 * @param {HTMLElement} parent
 * @param {Blob} blob
 * @param {string} name
 */
export function downloadFile(parent, blob, name) {
  const a = h('a', { href: URL.createObjectURL(blob), download: name });
  parent.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
}
