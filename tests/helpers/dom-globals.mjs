// Just enough of a browser for node to evaluate the widget modules (class X extends HTMLElement),
// so a test can read their string tables. Nothing here runs a widget: no DOM, no engine.
globalThis.HTMLElement ??= class HTMLElement {};
globalThis.customElements ??= { define() {}, get() {} };
