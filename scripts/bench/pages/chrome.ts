/** Headless Chromium from Debian's package, as Lighthouse runs it on this machine (no GPU, sandbox or updates). */
export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
].join(' ');
