// The bytes of the score tensors at a length T the student picks (number box, power-of-two
// slider, presets): additive (naive) T × T × d_a against dot product T × T, as two bars with
// their formulas. memoryPanel builds it once; showMemory fills it after every change of T.
import { grouped, h } from '../../../web/dom.js';
import { sliderRow } from '../../../web/views/slider.js';
import { bar } from '../../../web/views/bar.js';
import { toggleButtons } from '../../../web/views/toggle-group.js';
import { COURSE, T_PRESETS, T_RANGE, courseBytes } from '../logic.js';

/**
 * @typedef {{ bar: ReturnType<typeof bar>, val: HTMLSpanElement,
 *   f: HTMLParagraphElement }} MemoryRow
 */
/**
 * @typedef {{ section: HTMLElement, tInput: HTMLInputElement, tSlider: HTMLInputElement,
 *   presets: ReturnType<typeof toggleButtons<number>>, add: MemoryRow, dot: MemoryRow,
 *   ratioLine: HTMLParagraphElement }} MemoryPanel
 */
/** Where a new T came from: the one control that must not be overwritten while in use. */
/** @typedef {'input' | 'change' | 'slider' | 'preset'} TSource */

/**
 * The section and the controls in it.
 * @param {string} uid makes the ids of the input and slider unique on the page
 * @param {(key: string) => string} t the widget's strings
 * @param {(value: string | number, source: TSource) => void} onT a control asks for length T
 * @returns {MemoryPanel}
 */
export function memoryPanel(uid, t, onT) {
  const tId = `t-${uid}`,
    sId = `s-${uid}`;
  const tInput = h('input', {
    type: 'number',
    id: tId,
    min: T_RANGE.min,
    max: T_RANGE.max,
    step: 1,
    inputmode: 'numeric',
    'data-role': 't',
    oninput: () => onT(tInput.value, 'input'),
    onchange: () => onT(tInput.value, 'change'),
  });
  const slider = sliderRow({
    id: sId,
    label: t('lengthSlider'),
    min: T_RANGE.minExp,
    max: T_RANGE.maxExp,
    attrs: { 'data-role': 't-slider' },
    output: false,
    onInput: (exp) => onT(2 ** exp, 'slider'),
  });
  const tSlider = slider.input;
  const presets = toggleButtons({
    values: T_PRESETS,
    data: 't',
    pressed: null,
    label: (p) => grouped(p),
    onPick: (p) => onT(p, 'preset'),
  });
  /** @param {'additive' | 'dot'} role @param {string} cls @returns {MemoryRow} */
  const row = (role, cls) => ({
    bar: bar({
      share: 0,
      digits: 3,
      fillClass: cls,
      attrs: { 'aria-hidden': 'true' },
    }),
    val: h('span', { class: 'val', 'data-role': `mem-${role}` }),
    f: h('p', { class: 'formula', 'data-role': `mem-${role}-formula` }),
  });
  const add = row('additive', 'add'),
    dot = row('dot', 'dot');
  const ratioLine = h('p', {});
  /** @param {string} label @param {MemoryRow} m */
  const memRow = (label, m) => [h('span', {}, label), m.bar.el, m.val, m.f];
  const section = h('section', {}, [
    h('h3', {}, t('memTitle')),
    h('p', { class: 'muted' }, t('memHelp')),
    h('div', { class: 'row' }, [h('label', { for: tId }, t('length')), tInput]),
    slider.el,
    h('div', { class: 'row presets', role: 'group', 'aria-label': t('presets') }, presets.buttons),
    h('div', { class: 'mem' }, [...memRow(t('addRow'), add), ...memRow(t('dotRow'), dot)]),
    ratioLine,
    h('p', { class: 'muted' }, t('jsNote')),
  ]);
  return { section, tInput, tSlider, presets, add, dot, ratioLine };
}

/**
 * Shows length T and its bytes; the control the student is using (source) keeps its value.
 * @param {MemoryPanel} p
 * @param {number} T
 * @param {{ additive: string, dot: string, bytes: { additive: number, dot: number } }} m
 *   logic.js memoryFormulas(engine, T)
 * @param {TSource | undefined} source
 * @param {(key: string, ...args: any[]) => string} t the widget's strings
 */
export function showMemory(p, T, m, source, t) {
  if (source !== 'input') p.tInput.value = String(T);
  const exp = Math.round(Math.log2(T));
  if (source !== 'slider')
    p.tSlider.value = String(Math.max(T_RANGE.minExp, Math.min(T_RANGE.maxExp, exp)));
  p.tSlider.setAttribute(
    'aria-valuetext',
    t('valueText', grouped(T), courseBytes(m.bytes.additive), courseBytes(m.bytes.dot)),
  );
  p.presets.set(T_PRESETS.includes(T) ? T : null);
  p.add.val.textContent = courseBytes(m.bytes.additive);
  p.add.f.textContent = m.additive;
  p.add.bar.set(1);
  p.dot.val.textContent = courseBytes(m.bytes.dot);
  p.dot.f.textContent = m.dot;
  p.dot.bar.set(m.bytes.dot / m.bytes.additive);
  p.ratioLine.textContent = t('ratio', COURSE.dA);
}
