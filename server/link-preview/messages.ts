import { FetchRefused } from '../fetcher/safe-fetch.ts';

/**
 * What the maker reads when a URL could not be read. safeFetch's own messages are already plain
 * for the address rules (private, port, form …); the rest say what to do next.
 */
export function refusalMessage(error: FetchRefused): string {
  switch (error.reason) {
    case 'unsupported-type':
    case 'unsupported-encoding':
      return 'This address does not lead to a web page, so nothing could be filled from it. Paste the address of your project’s site.';
    case 'timeout':
      return 'The site took too long to answer, so nothing was filled. Try again in a moment, or fill the form yourself.';
    case 'dns':
      return `${error.message} Check the address.`;
    case 'unreachable':
    case 'tls':
      return `${error.message} Check that the site is up, or fill the form yourself.`;
    case 'too-many-redirects':
      return 'The site kept redirecting, so nothing could be filled from it.';
    case 'cancelled':
      return 'The site was not read.';
    default:
      return error.message;
  }
}
