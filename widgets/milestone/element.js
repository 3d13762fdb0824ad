// <attn-milestone> — the project milestone (seed 004, 「项目推进：实现注意力层」): the decisions
// with the chapter's evidence, the baseline config and the KV-bytes arithmetic of acceptance
// test 3, the project's six unit tests run live by the engine on a lab model (the course's, or one
// the student trained on train.html and handed over) with a "break it" switch per fault, the
// c3-attention.json export with its data self-check, and the coding pitfalls. Every number is the
// engine's (logic.js, engine.labCheck*, kvLedger, labRun); what each part draws is in views/.
// Like <attn-lab> it needs attn-lab-data.js (the course's model and its exports).
// Attributes: lang (zh-CN | en), model (trained: start on the student's model).
/** @import { Runtime } from '../../web/runtime.js' */
/** @import { MilestoneFault } from '../../web/attn-engine.js' */
/** @import { LabModel } from '../lab/logic.js' */
/** @import { CheckId, CheckResult, StudentConfig } from './logic.js' */
/** @import { ExportRow } from './export.js' */
/** @import { TrainedModel } from '../../web/trained-model.js' */
/** @import { Translate } from '../lab/views/panel.js' */
import { AttnWidget } from '../../web/widget-base.js';
import { h, downloadFile } from '../../web/dom.js';
import { readTrainedModel, pageStorage } from '../../web/trained-model.js';
import { DATA_SCRIPT, labData, labDataArrived, labModel, fullLayers } from '../lab/logic.js';
import { CHECKS, BASELINE, EXAMPLE_N_EMBD, checkText, runCheck, configBytes } from './logic.js';
import { exportC3, exportChecks, milestoneChecks } from './export.js';
import { STRINGS, CHECK_NAMES_ZH } from './strings.js';
import { MILESTONE_CSS } from './styles.js';
import { sourcePicker } from './views/source-picker.js';
import { decisionsSection } from './views/decisions.js';
import { baselineSection } from './views/baseline.js';
import { checksSection } from './views/checks.js';
import { exportSection } from './views/export.js';
import { pitfallsSection } from './views/pitfalls.js';

/**
 * @tag attn-milestone
 * @summary The project milestone: decisions, the unit tests run live, the export, the pitfalls
 *   (needs attn-lab-data.js after the widgets).
 * @attr {string} lang - `zh-CN` (default, or the nearest `lang` above) or `en`
 * @attr {string} model - `trained`: start on the model a student trained in <attn-train> and
 *   handed over (web/trained-model.js); absent: the course's model
 * @fires attn-update - after every draw (bubbles, composed); detail {widget, lang, error,
 *   attributes, source (course | trained), checks: [{id, fault, ok}]}
 * @csspart title - the heading
 * @csspart controls - each row of buttons, pickers and inputs
 * @csspart formula - each formula line
 * @csspart note - the highlighted note
 */
export class Milestone extends AttnWidget {
  static css = MILESTONE_CSS;
  static strings = STRINGS;
  static checkNamesZh = CHECK_NAMES_ZH;
  static get observedAttributes() {
    return ['lang', 'model', 'teacher'];
  }

  /** @type {'course' | 'trained' | undefined} which model (undefined: from the attribute) */
  #source;
  /** @type {TrainedModel | null} */
  #trained = null;
  /** @type {LabModel | null} */
  #lab = null;
  /** @type {Partial<Record<CheckId, MilestoneFault>>} the fault switched on per check */
  #faults = {};
  /** @type {CheckResult[]} the last draw's results */
  #results = [];
  /** @type {Map<string, CheckResult>} results by model, check and fault */
  #cache = new Map();
  /** @type {Promise<void> | null} the checks still running, one per task (see render) */
  #running = null;
  /** @type {StudentConfig} acceptance test 3's config */
  #config = {
    nEmbd: EXAMPLE_N_EMBD,
    nHead: BASELINE.config.n_head,
    nKvHead: BASELINE.config.n_kv_head,
    dtypeBytes: 2,
  };
  /** @type {{ doc: unknown, text: string, checks: ExportRow[] } | null} the last export */
  #exported = null;
  /** @type {Promise<void> | undefined} */
  #dataWait;
  /** @type {{ checks: ReturnType<typeof checksSection>,
   *   baseline: ReturnType<typeof baselineSection>,
   *   exp: ReturnType<typeof exportSection> } | null} */
  #views = null;

  constructor() {
    super();
    // Ready once the data script is here, the widget has drawn with it and its checks have run.
    const drawn = this.ready;
    this.ready = drawn.then(() => this.#dataWait).then(() => this.settled);
  }

  /** The results of the tests drawn last, those that have run (for tests and course platforms). */
  get results() {
    return this.#results;
  }

  /** Resolves when every check the widget shows has run (after a "break it" click, say). */
  get settled() {
    return this.#running ?? Promise.resolve();
  }

  /** The last export: the document, its JSON text and its self-check rows. */
  get exported() {
    return this.#exported;
  }

  /** 'course' or 'trained': the model the checks run on. */
  get source() {
    return this.#source ?? 'course';
  }

  updateDetail() {
    return {
      ...super.updateDetail(),
      source: this.#lab ? this.source : undefined,
      checks: this.#results.map((r) => ({ id: r.id, fault: r.fault, ok: r.ok })),
    };
  }

  /**
   * @param {string} name
   * @param {string | null} old
   * @param {string | null} value
   */
  attributeChangedCallback(name, old, value) {
    if (name === 'teacher') {
      // The teacher view adds the faults to the self-check: draw it again, nothing else.
      if (old !== value && this.rt && this.#lab) {
        this._checksLang = undefined;
        this.update();
      }
      return;
    }
    if (name === 'model') this.#source = undefined;
    super.attributeChangedCallback(name, old, value);
  }

  /** @param {Runtime} rt */
  build(rt) {
    const data = labData();
    if (!data) {
      if (document.readyState === 'complete') throw new Error(this.t('noData', DATA_SCRIPT));
      this.#lab = null;
      this.body.append(h('p', { class: 'muted' }, this.t('loading')));
      this.#waitForLabData(rt);
      return;
    }
    this.#trained = readTrainedModel(pageStorage());
    this.#source ??=
      this.getAttribute('model') === 'trained' && this.#trained ? 'trained' : 'course';
    if (!this.#trained) this.#source = 'course';
    const trained = this.#source === 'trained' ? this.#trained : null;
    const lab = labModel(rt.engine, trained ? { ...data, weights: trained.weights } : data);
    this.#lab = lab;
    /** @type {Translate} */
    const t = (key, ...args) => this.t(key, ...args);
    const c = lab.config;
    const anchor = rt.models.models.find((m) => m.anchor);
    const views = {
      checks: checksSection({
        t,
        text: checkText(lab),
        onFault: (id, fault) => {
          this.#faults[id] = fault;
          this.update();
        },
        onRerun: () => {
          this.#cache.clear();
          this.update();
        },
      }),
      baseline: baselineSection({
        t,
        config: this.#config,
        onChange: (cfg) => {
          this.#config = cfg;
          this.update();
        },
      }),
      exp: exportSection({
        t,
        onExport: () => this.#export(),
        candidates: lab.export.prompt.top5.length,
      }),
    };
    this.#views = views;
    this.body.append(
      h('h2', {}, this.t('title')),
      h('p', { class: 'muted' }, this.t('help')),
      sourcePicker(t, {
        source: this.source,
        trained: this.#trained,
        onSwitch: (value) => this.#switchSource(value),
      }),
      h(
        'p',
        { class: 'model-facts', 'data-role': 'model-facts' },
        this.t(
          'modelFacts',
          c.nLayers,
          fullLayers(c).length,
          c.nHeads,
          c.nKvHeads,
          c.dHead,
          c.dModel,
          c.qkNorm,
        ),
      ),
      ...(anchor?.attention && anchor.hiddenSize
        ? [
            decisionsSection({
              t,
              config: c,
              anchor: {
                name: anchor.name,
                hiddenSize: anchor.hiddenSize,
                nHeads: anchor.attention.nHeads,
                headDim: anchor.attention.headDim,
                qkNorm: !!anchor.attention.qkNorm,
              },
              ablation: lab.ablation,
            }),
          ]
        : []),
      views.baseline.el,
      views.checks.el,
      views.exp.el,
      pitfallsSection({ t }),
    );
    if (this.#exported) this.#drawExport();
  }

  /**
   * The source changes: the checks start again on the model picked.
   * @param {'course' | 'trained'} value
   */
  #switchSource(value) {
    this.#source = value;
    this.#exported = null;
    this.body.replaceChildren();
    this._checksLang = this.lang; // the teacher's checks are the course model's: unchanged
    try {
      if (this.rt) this.build(this.rt);
    } catch (e) {
      this.showError(e);
    }
    this.update();
    /** @type {HTMLInputElement | null} */ (this.body.querySelector(`#source-${value}`))?.focus();
  }

  /**
   * attn-lab-data.js comes after the widgets' scripts: build again once it (or the page's load
   * event) is here. this.ready waits for that too.
   * @param {Runtime} rt
   */
  #waitForLabData(rt) {
    this.#dataWait ??= labDataArrived().then(() => {
      this.body.replaceChildren();
      this._checksLang = undefined;
      try {
        this.build(rt);
        this.update();
      } catch (e) {
        this.showError(e);
      }
    });
  }

  /** The cache's key of a check under a fault, on the chosen model. @param {CheckId} id */
  #key(id, fault = this.#faults[id] ?? 'none') {
    return `${this.source}|${id}|${fault}`;
  }

  /**
   * A check on the chosen model, from the cache or run now.
   * @param {Runtime} rt
   * @param {CheckId} id
   * @param {MilestoneFault} fault
   */
  #check(rt, id, fault) {
    const key = this.#key(id, fault);
    let r = this.#cache.get(key);
    if (!r && this.#lab) this.#cache.set(key, (r = runCheck(rt.engine, this.#lab, id, fault)));
    return /** @type {CheckResult} */ (r);
  }

  /**
   * Draws what has run; a check not yet run shows "running…" and runs in a task of its own (one
   * check is tens of ms of engine work, the six together would hold the page's first draw).
   * @param {Runtime} rt
   */
  render(rt) {
    const lab = this.#lab;
    const v = this.#views;
    if (!lab || !v) return;
    const shown = CHECKS.map((spec) => {
      const fault = this.#faults[spec.id] ?? 'none';
      return (
        this.#cache.get(this.#key(spec.id)) ?? {
          id: spec.id,
          fault,
          pending: /** @type {const} */ (true),
        }
      );
    });
    this.#results = shown.flatMap((r) => ('pending' in r ? [] : [r]));
    v.checks.draw(shown);
    v.baseline.draw(this.#config, configBytes(rt.engine, this.#config));
    if (shown.length > this.#results.length && !this.#running)
      this.#running = this.#runPending(rt).finally(() => (this.#running = null));
  }

  /** @param {Runtime} rt */
  async #runPending(rt) {
    for (;;) {
      await new Promise((r) => setTimeout(r, 0));
      const spec = CHECKS.find((s) => !this.#cache.has(this.#key(s.id)));
      if (!spec || !this.#lab) break;
      try {
        this.#check(rt, spec.id, this.#faults[spec.id] ?? 'none');
      } catch (e) {
        this.showError(e);
        return;
      }
      // Each result as it comes; the last draw also announces it (attn-update).
      if (CHECKS.some((s) => !this.#cache.has(this.#key(s.id)))) this.render(rt);
    }
    this.#running = null;
    this.update();
  }

  /** The self-check panel once the checks have run (it reads their results, run once). */
  drawChecks() {
    const running = this.#running;
    if (running) running.then(() => super.drawChecks());
    else super.drawChecks();
  }

  /** Makes c3-attention.json from the model in the page, checks it, and offers it as a download. */
  #export() {
    const rt = this.rt;
    const lab = this.#lab;
    const data = labData();
    if (!rt || !lab || !data) return;
    try {
      const trained = this.source === 'trained' ? this.#trained : null;
      const doc = exportC3(
        rt.engine,
        lab,
        trained ? trained.weights : data.weights,
        trained ? { kind: 'trained', model: trained } : { kind: 'course' },
      );
      const text = `${JSON.stringify(doc)}\n`;
      this.#exported = { doc, text, checks: exportChecks(doc, trained ? null : lab.export) };
      this.#drawExport();
      downloadFile(this.body, new Blob([text], { type: 'application/json' }), 'c3-attention.json');
      this.clearError();
    } catch (e) {
      this.showError(e);
    }
    this.update();
  }

  #drawExport() {
    const x = this.#exported;
    if (!x || !this.#views) return;
    this.#views.exp.draw(x.checks, new Blob([x.text]).size, this.source === 'trained');
  }

  /**
   * The course's model passes every check; in the teacher view also each fault fails them and the
   * export checks out (thirteen more runs: only where a teacher looks).
   * @param {Runtime} rt
   */
  checks(rt) {
    const data = labData();
    if (!data) return [{ name: DATA_SCRIPT, expected: 'loaded', actual: 'missing', ok: false }];
    const lab = labModel(rt.engine, data);
    /** @type {(id: CheckId, fault: MilestoneFault) => CheckResult} */
    const run = (id, fault) => {
      const key = `course|${id}|${fault}`;
      let r = this.#cache.get(key);
      if (!r) this.#cache.set(key, (r = runCheck(rt.engine, lab, id, fault)));
      return r;
    };
    return milestoneChecks(rt.engine, lab, data.weights, {
      faults: this.hasAttribute('teacher'),
      run,
    });
  }
}
