/**
 * User-supplied links and images are used only when they are absolute http(s) URLs (the same
 * rule the database checks), so a `javascript:` or `data:` value can never become a live link.
 */
export { safeHttpUrl } from '../../domain/urls.ts';
