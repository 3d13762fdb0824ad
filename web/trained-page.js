// lab.html?model=trained: the lab page after <attn-train>'s "Open in the lab". The student's
// model becomes the page's subject, not only the widget's: a banner says whose model it is
// (layers, steps, seed) with a link back to the course's model; the intro describes it; the
// notes written for the course's model fold under a line that says so; the prediction card asks
// about it (its own record, apart from the course model's guess) and waits for the widget to
// compute its answer (web/predict.js bindFacts, fed by <attn-lab>'s `attn-facts`). No model kept
// (storage off, never handed over): the page stays the course model's, as the widget says.
/** @import { TrainedModel } from './trained-model.js' */
import { readTrainedModel } from './trained-model.js';
import { storageOf } from './progress.js';
import { bothLanguages, grouped, h, num } from './dom.js';
import { plural } from './plural.js';

/** The prediction record of the trained model's card, apart from the course model's ("lab"). */
export const TRAINED_SLUG_SUFFIX = '-trained';

/**
 * What the page says about the student's model, in one language.
 * @param {TrainedModel} m
 * @param {'zh-CN' | 'en'} lang
 */
export function trainedTexts(m, lang) {
  const layers = m.layerTypes.length;
  const linear = m.layerTypes.filter((t) => t === 'linear').length;
  const full = layers - linear;
  const valid = num(m.validLoss, 2);
  const unigram = num(m.unigramLoss, 2);
  if (lang === 'zh-CN')
    return {
      banner: `这一页现在是你的模型：${layers} 层 · 训练 ${grouped(m.steps)} 步 · 种子 ${m.seed}`,
      back: '回到课程的模型',
      intro:
        `这一页现在显示你在「自己训练它」一页训练的模型，不是课程的模型：${layers} 层（` +
        `${linear ? `${full} 层全注意力、${linear} 层线性注意力` : '全部是全注意力'}），${m.kvHeads} 个 KV 头，${grouped(m.parameters)} 个参数，` +
        `用种子 ${m.seed} 训练了 ${grouped(m.steps)} 步；最后一个快照的验证损失 ${valid} 奈特/字（只按字频猜是 ${unigram}）。` +
        `输入一句话，引擎在浏览器里用你的模型现算下一个字的概率、每个全注意力头的注意力、汇点和每个头的模式。最后两张消融表是课程的训练，不是你的。`,
      card: '这个预测现在问的是你的模型（不是课程的模型）：答案由引擎用它现算。',
      notice:
        '下面这段写的是课程的模型（更大的混合模型，训练得久得多）；上面小部件里的数都来自你的模型，可以和它比一比。',
      courseNotes: '课程模型的说明',
    };
  return {
    banner: `This page now shows your model: ${plural(layers, 'layer')} · ${plural(grouped(m.steps), 'step')} of training · seed ${m.seed}`,
    back: 'Back to the course’s model',
    intro:
      `This page now shows the model you trained on the “Train it yourself” page, not the course’s: ` +
      `${plural(layers, 'layer')} (${linear ? `${full} full attention, ${linear} linear attention` : 'all full attention'}), ` +
      `${plural(m.kvHeads, 'KV head')}, ${grouped(m.parameters)} parameters, trained for ` +
      `${plural(grouped(m.steps), 'step')} with seed ${m.seed}; validation loss at its last snapshot ${valid} ` +
      `nats per character (guessing by character frequency: ${unigram}). Type a sentence and the engine ` +
      `computes, in the browser and with your model, the next character’s probabilities, the attention ` +
      `of every full-attention head, the sink and each head’s pattern. The two ablation tables at the ` +
      `end are the course’s runs, not yours.`,
    card: 'This prediction is now about your model, not the course’s: the engine computes the answer with it.',
    notice:
      'The notes below are about the course’s model (a larger hybrid, trained for much longer); every number in the widget above is your model’s, to compare with it.',
    courseNotes: 'About the course’s model',
  };
}

/**
 * Both languages of one text of trainedTexts, as the page's two spans.
 * @param {TrainedModel} m
 * @param {keyof ReturnType<typeof trainedTexts>} key
 */
const both = (m, key) => bothLanguages(trainedTexts(m, 'zh-CN')[key], trainedTexts(m, 'en')[key]);

/**
 * On lab.html?model=trained (and milestone.html?model=trained), makes the student's model the
 * page's subject (see the top of this file). Before the prediction cards are wired: the card's
 * record and pending answer are set here.
 * @param {Document} doc
 * @param {{ location?: { search: string }, localStorage?: Storage }} win
 */
export function wireTrainedPage(doc, win) {
  if (new URLSearchParams(win.location?.search ?? '').get('model') !== 'trained') return;
  // The milestone page (<attn-milestone>) runs its checks on the same model.
  for (const el of doc.querySelectorAll('attn-lab, attn-milestone'))
    el.setAttribute('model', 'trained');
  const labs = doc.querySelectorAll('attn-lab');
  const m = readTrainedModel(storageOf(win));
  if (!m || !labs.length) return;
  doc.documentElement.classList.add('attn-trained-model');
  // The banner under the title, with the way back (the language rides on the link as on every
  // course link: web/page.js rewrites it when the language changes).
  const en = doc.documentElement.lang === 'en';
  const back = h('a', { href: en ? 'lab.html?lang=en' : 'lab.html' }, both(m, 'back'));
  doc
    .querySelector('main h1')
    ?.after(
      h('p', { class: 'model-banner', role: 'note' }, [
        h('strong', {}, both(m, 'banner')),
        ' ',
        back,
      ]),
    );
  const intro = /** @type {HTMLElement | null} */ (doc.querySelector('.lesson-intro'));
  if (intro) {
    intro.hidden = true;
    intro.after(h('p', { class: 'lesson-intro trained-intro' }, both(m, 'intro')));
  }
  // The notes on the course model stay, folded, under a line saying whose they are.
  const notice = doc.querySelector('.guide-notice > p');
  if (notice) {
    const fold = h('details', { class: 'course-notes' }, [
      h('summary', {}, both(m, 'courseNotes')),
    ]);
    notice.replaceWith(h('p', { class: 'trained-note' }, both(m, 'notice')), fold);
    fold.append(notice);
  }
  // The lab's prediction: its own record (a guess about the course's model is not one about
  // this one), and its answer computed by the widget for this model.
  for (const card of /** @type {NodeListOf<HTMLElement>} */ (
    doc.querySelectorAll('[data-predict]')
  )) {
    const slug = String(card.dataset.predict);
    if (!card.dataset.answerFact || slug.endsWith(TRAINED_SLUG_SUFFIX)) continue;
    const gate = /** @type {HTMLElement | null} */ (
      doc.querySelector(`[data-predict-gate="${slug}"]`)
    );
    card.dataset.predict = slug + TRAINED_SLUG_SUFFIX;
    if (gate) gate.dataset.predictGate = slug + TRAINED_SLUG_SUFFIX;
    card.dataset.answerPending = 'true';
    card.querySelector('h2')?.after(h('p', { class: 'predict-model' }, both(m, 'card')));
  }
}
