// MathML for the widgets' formula lines, built at run time with createElementNS (no temml, no
// innerHTML): works offline and under the strict CSP, and MathML Core renders in Chromium ≥ 109,
// Firefox and WebKit. A formula is first a small tree (MathNode) so that string tables can hold
// it next to their prose and node can read it: String(tree) is its plain-text form, which the
// rendered formula carries as its accessible name (aria-label) for screen readers and tools that
// read MathML poorly. renderFormula() turns a tree, or a line of prose and trees, into DOM.
import { num } from './dom.js';

const MATHML_NS = 'http://www.w3.org/1998/Math/MathML';

/** @typedef {MathNode | string | number} MathChild a tree, or a bare token (see token()) */

/** The product of two factors written side by side (|a| |b|): a space in the plain text. */
const INVISIBLE_TIMES = '\u2062';
/** Operators written with a space on each side in the plain-text form. */
const SPACED = new Set(['=', '+', '−', '×', '/', '→', '≈', '≤', '≥', '<', '>', '÷', '≠']);
/** Words that are operator names or functions (upright <mi>), not products of letters. */
const FUNCTIONS = new Set(['softmax', 'exp', 'cos', 'tanh', 'ln', 'max', 'sink', 'arccos', 'std']);

export class MathNode {
  /**
   * @param {string} tag a MathML element name (mi, mn, mo, mtext, mrow, msub, mfrac, …)
   * @param {MathNode[] | string} content children, or the text of a token element
   */
  constructor(tag, content) {
    this.tag = tag;
    this.content = content;
    /** a line may wrap before this operator (breakBefore) */
    this.breakHere = false;
  }

  /** @returns {MathNode[]} */
  get kids() {
    return typeof this.content === 'string' ? [] : this.content;
  }

  /** The plain-text form: "w_(i,0)", "e^(z_c) / Σ_v e^(z_v)", "√(4.10 × 2.53)". */
  toString() {
    const a = String(this.kids[0]);
    switch (this.tag) {
      case 'mo':
        if (this.content === INVISIBLE_TIMES) return ' ';
        if (this.content === ',') return ', ';
        return SPACED.has(/** @type {string} */ (this.content))
          ? ` ${this.content} `
          : /** @type {string} */ (this.content);
      case 'mi':
      case 'mn':
      case 'mtext':
        return /** @type {string} */ (this.content);
      case 'msub':
        return `${a}_${group(this.kids[1])}`;
      case 'msup':
        return `${a}^${group(this.kids[1])}`;
      case 'msubsup':
      case 'munderover':
        return `${a}_${group(this.kids[1])}^${group(this.kids[2])}`;
      case 'munder':
        return `${a}_${group(this.kids[1])}`;
      case 'mfrac':
        return `${operand(this.kids[0])} / ${operand(this.kids[1])}`;
      case 'msqrt':
        return `√${group(this.content.length === 1 ? this.kids[0] : new MathNode('mrow', this.kids))}`;
      default:
        // An operator first in a row is a prefix (the minus of −1.14): no spaces around it.
        // A function name reads apart from its argument: "cos θ", "ln w".
        return this.kids
          .map((k, i) => {
            if (i === 0 && k.tag === 'mo') return k.content;
            const prev = this.kids[i - 1];
            const apart =
              (prev?.tag === 'mi' && FUNCTIONS.has(String(prev.content)) && k.tag === 'mi') ||
              (SCRIPTED.has(prev?.tag ?? '') && k.tag !== 'mo' && k.kids[0]?.tag !== 'mo');
            return apart ? ` ${k}` : String(k);
          })
          .join('');
    }
  }
}

/** Elements that make a row taller than a line, and the brackets that may grow around them. */
const TALL = new Set(['mfrac', 'munder', 'munderover']);
const FENCES = new Set(['(', ')', '[', ']', '|']);
/** Elements with scripts: a product of them reads with spaces (Σ_j w_j c_j). */
const SCRIPTED = new Set(['msub', 'msup', 'msubsup', 'munder', 'munderover']);

/**
 * A script or radicand in plain text: as it is when one word or a list like i,0 (w_i,0,
 * W_uk,h), else in parentheses.
 */
function group(/** @type {MathNode} */ n) {
  const s = String(n).trim().replace(/, /g, ',');
  return /^[\p{L}\p{N}′″.][\p{L}\p{N}′″.,−]*$/u.test(s) || /^\(.*\)$/.test(s) ? s : `(${s})`;
}

/** A fraction's numerator or denominator: in parentheses when it holds a space. */
function operand(/** @type {MathNode} */ n) {
  const s = String(n).trim();
  return /\s/.test(s) && !/^[√(].*\)$/.test(s) ? `(${s})` : s;
}

/**
 * A bare token as MathML: a number (with a leading minus as its own <mo>), an operator, a
 * function name or one letter (or a letter with primes / digits, e.g. S″) as <mi>, else <mtext>.
 * @param {MathChild} x
 * @returns {MathNode}
 */
export function token(x) {
  if (x instanceof MathNode) return x;
  const s = String(x);
  // A signed number stays one <mn> (fewer elements to lay out: a formula line is redrawn on
  // every interaction); −∞ is the minus and the identifier.
  if (/^[−-]∞$/.test(s)) return row(mo('−'), mi('∞'));
  if (s === '∞') return mi(s);
  if (/^[−-]?\d/.test(s)) return mn(s.replace(/^-/, '−'));
  if (/^[=+−×·/()[\]{},;:|→≈≤≥<>÷…≠]$/.test(s) || s === 'Σ' || s === '√' || s === INVISIBLE_TIMES)
    return mo(s);
  if (FUNCTIONS.has(s) || /^\p{L}[′″\d]*$/u.test(s)) return mi(s);
  return text(s);
}

/** @param {string} s */
export const mi = (s) => new MathNode('mi', String(s));
/** @param {string} s */
export const mn = (s) => new MathNode('mn', String(s));
/** @param {string} s */
export const mo = (s) => new MathNode('mo', String(s));
/** Words inside a formula ("visible k", "可见"). @param {string} s */
export const text = (s) => new MathNode('mtext', String(s));
/** @param {...MathChild} kids */
export const row = (...kids) => new MathNode('mrow', kids.map(token));
/** @param {MathChild} base @param {MathChild} s */
export const sub = (base, s) => new MathNode('msub', [token(base), token(s)]);
/** @param {MathChild} base @param {MathChild} s */
export const sup = (base, s) => new MathNode('msup', [token(base), token(s)]);
/** @param {MathChild} base @param {MathChild} s @param {MathChild} p */
export const subsup = (base, s, p) => new MathNode('msubsup', [token(base), token(s), token(p)]);
/** @param {MathChild} n @param {MathChild} d */
export const frac = (n, d) => new MathNode('mfrac', [token(n), token(d)]);
/** @param {...MathChild} kids */
export const sqrt = (...kids) => new MathNode('msqrt', kids.map(token));
/** Index letters as separate identifiers: letters('ij') is the i j of w_ij. @param {string} s */
export const letters = (s) => row(...[...s].map(mi));
/**
 * An operator the line may wrap before, like = and + (at the top level of a formula): the · of
 * [2.80, −1.20, 0.00, −1.00] · [2.00, 0.00, 0.00, 1.00], too long for a phone on one line.
 * @param {string} s
 */
export const breakBefore = (s) => Object.assign(mo(s), { breakHere: true });
/** Side by side as a product: |a| |b|. */
export const times = () => mo(INVISIBLE_TIMES);
/** |x|, the length of a vector. @param {MathChild} x */
export const norm = (x) => row('|', x, '|');
/** Parentheses around kids. @param {...MathChild} kids */
export const paren = (...kids) => row('(', ...kids, ')');
/**
 * Σ with its limits below (and above): sum('i=1'…) is Σ_{i=1}^{7}, sum('k') is Σ_k.
 * @param {MathChild} under @param {MathChild} [over]
 */
export const sum = (under, over) =>
  over === undefined
    ? new MathNode('munder', [mo('Σ'), token(under)])
    : new MathNode('munderover', [mo('Σ'), token(under), token(over)]);

/**
 * A number as the widget formats it (web/dom.js num: fixed digits, real minus sign).
 * @param {number} x
 */
export const number = (x, digits = 2) => token(num(x, digits));

/**
 * The vector [0.12, −0.30, 1.05] of numbers as formatted: one <mn> (a vector's entries need no
 * structure of their own, and a formula line with four vectors would otherwise lay out 40
 * elements on every redraw).
 * @param {string[]} items
 */
export function vector(items) {
  return mn(`[${items.join(', ')}]`);
}

/**
 * A formula line mixing prose and formulas: line('对全部 ', tree, ' 个 token 求和').
 * String(line) is its plain text, so string tables can hold lines.
 */
export class MathLine {
  /** @param {(MathNode | MathLine | string)[]} parts */
  constructor(parts) {
    this.parts = parts;
  }

  toString() {
    return this.parts.map(String).join('');
  }
}

/** @param {...(MathNode | MathLine | string)} parts */
export const line = (...parts) => new MathLine(parts);

/** Top-level operators a formula line may wrap before. */
const BREAKS = new Set(['=', '+', '≈', '→']);

/**
 * The DOM of a formula tree: one <math> per "= …" or "+ …" step of its top-level row (MathML
 * Core does not break lines inside <math>, so this is where a long line wraps at 360 px),
 * inside a span whose accessible name is the plain-text form.
 * @param {MathNode} tree
 * @returns {HTMLSpanElement}
 */
function formulaElement(tree) {
  /** @type {MathNode[][]} */
  const steps = [];
  const items = tree.tag === 'mrow' ? tree.kids : [tree];
  for (const item of items) {
    const starts =
      item.tag === 'mo' && (BREAKS.has(String(item.content)) || item.breakHere) && steps.length > 0;
    if (starts || steps.length === 0) steps.push([]);
    steps[steps.length - 1].push(item);
  }
  // Steps are joined again while they fit in about STEP_WIDTH characters: every <math> costs
  // layout on each redraw, so a short formula stays one <math>.
  /** @type {MathNode[][]} */
  const chunks = [];
  let width = Infinity;
  for (const step of steps) {
    const w = step.reduce((sum, n) => sum + widthOf(n), 0);
    if (width + w > STEP_WIDTH) {
      chunks.push([]);
      width = 0;
    }
    chunks[chunks.length - 1].push(...step);
    width += w;
  }
  const wrap = document.createElement('span');
  wrap.className = 'math';
  wrap.setAttribute('role', 'math');
  wrap.setAttribute('aria-label', String(tree).trim().replace(/ {2,}/g, ' '));
  chunks.forEach((step, i) => {
    const m = document.createElementNS(MATHML_NS, 'math');
    m.setAttribute('aria-hidden', 'true');
    m.append(...domList(step));
    // The operator a step starts with keeps its infix spacing on the right (first in a row it
    // would read as a prefix); on the left the space between the steps stands in for it.
    if (i) {
      m.firstElementChild?.setAttribute('form', 'infix');
      m.firstElementChild?.setAttribute('lspace', '0');
    }
    if (i) wrap.append(' ');
    wrap.append(m);
  });
  return wrap;
}

/**
 * The characters a line wraps after, roughly: a 360 px phone holds about 26 of a formula's
 * characters beside the widget's padding (more in wider widgets, where steps simply sit side by
 * side).
 */
const STEP_WIDTH = 22;

/**
 * A formula's drawn width in characters, roughly: scripts are smaller, a fraction is as wide as
 * its wider part, limits sit under Σ.
 * @param {MathNode} n
 * @returns {number}
 */
function widthOf(n) {
  const w = (/** @type {MathNode} */ k) => widthOf(k);
  switch (n.tag) {
    case 'mo':
      return SPACED.has(String(n.content)) ? 2 : 1;
    case 'mi':
    case 'mn':
    case 'mtext':
      return [...String(n.content)].length;
    case 'msub':
    case 'msup':
      return w(n.kids[0]) + 0.7 * w(n.kids[1]);
    case 'msubsup':
      return w(n.kids[0]) + 0.7 * Math.max(w(n.kids[1]), w(n.kids[2]));
    case 'munder':
    case 'munderover':
      return Math.max(1, 0.7 * Math.max(...n.kids.slice(1).map(w)));
    case 'mfrac':
      return Math.max(w(n.kids[0]), w(n.kids[1]));
    case 'msqrt':
      return 1 + n.kids.reduce((sum, k) => sum + w(k), 0);
    default:
      return n.kids.reduce((sum, k) => sum + w(k), 0);
  }
}

/** @param {MathNode} n @returns {Element} */
function dom(n) {
  const e = document.createElementNS(MATHML_NS, n.tag);
  // The product dot drawn as the dot operator ⋅: a Chinese page's fonts draw the middle dot ·
  // full-width (the plain text keeps ·).
  if (typeof n.content === 'string')
    e.textContent = n.tag === 'mo' && n.content === '·' ? '⋅' : n.content;
  // A script or fraction element takes exactly its base and scripts (MathML counts them):
  // spacing goes only between the items of a row.
  else e.append(...(FIXED_ARITY.has(n.tag) ? n.content.map(dom) : domList(n.content)));
  // Σ with limits drawn below and above it even inline, as a student sees it written. Its limits
  // are not accents, said outright: Firefox warns that inferring it from the operator is
  // deprecated.
  if (n.tag === 'munderover' || n.tag === 'munder') {
    e.firstElementChild?.setAttribute('movablelimits', 'false');
    e.setAttribute('accentunder', 'false');
  }
  if (n.tag === 'munderover' || n.tag === 'mover') e.setAttribute('accent', 'false');
  // Brackets grow only around a fraction or a Σ with limits, not around a subscript.
  if (n.tag === 'mrow' && !n.kids.some((k) => TALL.has(k.tag)))
    for (const k of e.children)
      if (k.localName === 'mo' && FENCES.has(k.textContent ?? ''))
        k.setAttribute('stretchy', 'false');
  return e;
}

/** Elements whose children are a fixed list of parts (base and scripts; numerator, denominator). */
const FIXED_ARITY = new Set([
  'msub',
  'msup',
  'msubsup',
  'munder',
  'mover',
  'munderover',
  'mfrac',
  'mroot',
]);
/** Invisible operators (times, function application): they draw nothing, not even a space. */
const INVISIBLE = new Set(['\u2061', '\u2062', '\u2063']);

/**
 * The elements of a row; a function name stands apart from its neighbours by a thin space
 * (cos θ, w ln w), which MathML Core does not add between identifiers and which WebKit does
 * not add around invisible operators either.
 * @param {MathNode[]} nodes
 */
function domList(nodes) {
  /** @param {MathNode | undefined} k */
  const spaced = (k) => k !== undefined && (k.tag !== 'mo' || INVISIBLE.has(String(k.content)));
  const thin = () => {
    const space = document.createElementNS(MATHML_NS, 'mspace');
    space.setAttribute('width', '0.17em');
    return space;
  };
  return nodes.flatMap((n, i) => {
    if (n.tag !== 'mi' || !FUNCTIONS.has(String(n.content))) return [dom(n)];
    return [
      ...(spaced(nodes[i - 1]) ? [thin()] : []),
      dom(n),
      ...(spaced(nodes[i + 1]) ? [thin()] : []),
    ];
  });
}

/**
 * Nodes for h()'s children: a formula tree as MathML, a line as its prose and MathML, a
 * string as text.
 * @param {MathNode | MathLine | string} x
 * @returns {(Node | string)[]}
 */
export function formula(x) {
  if (x instanceof MathNode) return [formulaElement(x)];
  if (x instanceof MathLine) return x.parts.flatMap(formula);
  return [String(x)];
}
