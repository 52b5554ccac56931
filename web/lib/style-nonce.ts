import { setNonce } from 'get-nonce';

/**
 * The CSP allows no inline styles but those carrying this page's nonce, which our server writes
 * into index.html (server/web/routes.ts). The dialogs' scroll lock (react-remove-scroll) injects
 * a <style> element and takes its nonce from get-nonce, so it is handed over before any renders.
 */
const nonce = document.querySelector('meta[name="csp-nonce"]')?.getAttribute('content');
if (nonce) setNonce(nonce);
