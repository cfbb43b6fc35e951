/**
 * Sealing: AES-256-GCM through Web Crypto, so the cookie is encrypted and authenticated (OWASP
 * ASVS 5.0, sessions). The key for each secret comes from HKDF-SHA-256, so a secret of any length
 * gives a proper key and the session key is never the configured string itself. The first secret
 * seals; every secret opens, so secrets rotate without signing anyone out. The cookie's name is
 * bound in as additional data: a sealed value cannot be replayed as another cookie.
 *
 * Format: `v1.<iv>.<ciphertext+tag>`, both base64url.
 */
const VERSION = 'v1';
const SALT = new TextEncoder().encode('kerbside-seal-v1');
const keys = new Map<string, Promise<CryptoKey>>();

function keyFor(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle
      .importKey('raw', new TextEncoder().encode(secret), 'HKDF', false, ['deriveKey'])
      .then((material) =>
        crypto.subtle.deriveKey(
          { name: 'HKDF', hash: 'SHA-256', salt: SALT, info: new TextEncoder().encode('session') },
          material,
          { name: 'AES-GCM', length: 256 },
          false,
          ['encrypt', 'decrypt'],
        ),
      );
    // Bounded: only configured secrets ever reach here, but keep it from growing regardless.
    if (keys.size > 16) keys.clear();
    keys.set(secret, key);
  }
  return key;
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

export async function seal(value: unknown, secret: string, label: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const plaintext = new TextEncoder().encode(JSON.stringify(value));
  const ciphertext = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(label) },
    await keyFor(secret),
    plaintext,
  );
  return `${VERSION}.${toBase64Url(iv)}.${toBase64Url(new Uint8Array(ciphertext))}`;
}

/** The sealed value, or null when it is not ours: tampered, truncated, foreign, or sealed with a retired secret. */
export async function unseal(sealed: string, secrets: readonly string[], label: string): Promise<unknown> {
  const [version, ivText, bodyText, ...rest] = sealed.split('.');
  if (version !== VERSION || rest.length || !ivText || !bodyText) return null;
  const iv = fromBase64Url(ivText);
  const body = fromBase64Url(bodyText);
  if (!iv || iv.length !== 12 || !body) return null;
  for (const secret of secrets) {
    try {
      const plaintext = await crypto.subtle.decrypt(
        { name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(label) },
        await keyFor(secret),
        body,
      );
      return JSON.parse(new TextDecoder().decode(plaintext)) as unknown;
    } catch {
      // Not this secret (or not ours at all): try the next.
    }
  }
  return null;
}
