import fc from 'fast-check';

/**
 * Generated redirect targets, for the rule's unit properties and for the integration test that
 * throws them at every redirecting path: strings built from the pieces open-redirect bypasses are
 * made of, the same with a leading slash, arbitrary strings, and ordinary URLs and paths.
 */
/** The pieces: slashes and their look-alikes, dot segments, encodings, spaces, schemes, hosts. */
export const REDIRECT_PIECES = [
  '/', '//', '///', '\\', '/\\', '\\/', '\\\\', '\t', '\n', '\r', '\r\n', ' ', '\u0000', '\u000b', '\u007f',
  '%2f', '%2F', '%5c', '%5C', '%252f', '%255c', '%25252f', '%09', '%0a', '%0d', '%20', '%00', '%2e', '%2E', '%2e%2e', '%',
  '.', '..', '/./', '/../', '/.//', '/..//', './', '../', '.%2f', '%2e%2e%2f',
  '\u00a0', '\u1680', '\u2000', '\u200b', '\u2028', '\u2029', '\u202f', '\u205f', '\u3000', '\ufeff', '\uff0f', '\uff3c', '\u2215',
  'https:', 'HTTPS:', 'hTtP:', 'javascript:', 'JaVaScRiPt:', 'data:', 'file:', 'mailto:', 'ftp:',
  '@', ':', '?', '#', '&', '=', ';', 'evil.example', 'EVIL.example', 'evil.example:443', 'kerbside.test', 'kerbside.test.evil.example',
  'localhost', '127.0.0.1', '[::1]', 'xn--evl-jpa.example', 'ｅｖｉｌ.example', 'account', 'KE19FTA', 'sign-in', 'a', 'é', '😀',
];

const pieced = fc.array(fc.constantFrom(...REDIRECT_PIECES), { minLength: 1, maxLength: 8 }).map((parts) => parts.join(''));
const slashFirst = pieced.map((target) => `/${target}`);
const anything = fc.string({ unit: 'binary', maxLength: 40 });
export const redirectTargets = fc.oneof(pieced, slashFirst, anything, fc.webUrl(), fc.webPath());
