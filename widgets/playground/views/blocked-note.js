// Why the cell cannot run code here (the page's CSP, a missing script, a worker that did not
// start), as the note above the editor says it.
/** @import { CellEnv } from '../code-worker.js' */
/** @import { Translate } from '../strings.js' */
import { h } from '../../../web/dom.js';

/**
 * The note's content and its reason (the element's data-blocked), or null when code can run or
 * it is not known yet.
 * @param {CellEnv} env
 * @param {Translate} t the widget's strings
 * @returns {{ content: (Node | string)[], reason: string } | null}
 */
export function blockedNote(env, t) {
  if (env.state === 'csp')
    return {
      content: [
        h('strong', {}, t('csp')),
        env.problems.length ? h('span', {}, ` ${t('cspMissing', env.problems.join(', '))}`) : '',
        env.detail ? h('span', { class: 'formula' }, ` ${env.detail}`) : '',
      ],
      reason: 'csp',
    };
  if (env.state === 'missing') return { content: [t('noScript')], reason: 'missing-script' };
  if (env.state === 'failed')
    return {
      content: [
        env.kind === 'engine' ? t('engineFailed', env.detail) : t('startFailed', env.detail),
      ],
      reason: env.kind,
    };
  return null;
}
