// Lesson-page behaviour: the language button switches <html lang> and every widget's `lang`.
// Pages that embed widgets elsewhere simply do not have the button.
export function wireLanguageToggle(doc = document) {
  const button = doc.querySelector('[data-attn-lang-toggle]');
  if (!button) return;
  /** @param {string} lang */
  const apply = (lang) => {
    doc.documentElement.lang = lang;
    button.textContent = lang === 'en' ? '中文' : 'English';
    for (const el of doc.querySelectorAll('*'))
      if (el.localName.startsWith('attn-')) el.setAttribute('lang', lang);
  };
  button.addEventListener('click', () => apply(doc.documentElement.lang === 'en' ? 'zh-CN' : 'en'));
}
