// The flags Debian's Chromium is launched with by the browser tests (tests/helpers/harness.mjs)
// and the page benchmark (bench/pages.mjs): ones that work as root on these machines;
// without the networking ones Chromium keeps trying to reach the (closed) network.
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--allow-file-access-from-files',
];
