/**
 * A short description of the browser a session started in ('Chrome on Android'), for the seller's
 * list of their sessions. Deliberately small: it only has to let a seller tell their phone from
 * their laptop, so it knows the common browsers and systems and says 'Unknown' for the rest.
 */

/** Longer than any real User-Agent; what is past it is not read. */
const MAX_LENGTH = 512;

// Order matters: Chromium-based browsers also say "Chrome" (and "Safari"), Chrome also says "Safari".
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOPiOS\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

// Android and ChromeOS before Linux (both say "Linux"); iPhone and iPad before Mac ("like Mac OS X").
const SYSTEMS: [RegExp, string][] = [
  [/\bAndroid\b/, 'Android'],
  [/\biPhone\b|\biPod\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMacintosh\b|\bMac OS X\b/, 'Mac'],
  [/\bLinux\b|\bX11\b/, 'Linux'],
];

const first = (list: [RegExp, string][], text: string) => list.find(([pattern]) => pattern.test(text))?.[1] ?? null;

export function describeDevice(userAgent: string | null | undefined): string {
  const text = (userAgent ?? '').slice(0, MAX_LENGTH);
  const browser = first(BROWSERS, text);
  const system = first(SYSTEMS, text);
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  if (system) return `A browser on ${system}`;
  return 'Unknown device';
}
