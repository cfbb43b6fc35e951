/**
 * Signed id tokens (a compact JWT, HS256), opaque random tokens, and hashes to store them by.
 * The platform keeps hashes only: a leaked table lets nobody sign in.
 */
import type { UnsubscribedChannel } from '../../contract/accounts';

const encoder = new TextEncoder();

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

export function randomToken(bytes = 32): string {
  return base64url(crypto.getRandomValues(new Uint8Array(bytes)));
}

/**
 * The refresh token that replaces `token` (docs/decisions/031): derived with the token secret, so a
 * second request racing the first can be given the same one without the platform keeping tokens.
 */
export async function nextRefreshToken(token: string, secret: string): Promise<string> {
  const key = await hmacKey(`${secret}|refresh-rotation`);
  return base64url(new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(token))));
}

export async function sha256(text: string): Promise<string> {
  return base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text))));
}

async function hmacKey(secret: string) {
  return crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}

export interface IdClaims {
  sub: number;
  sid: string;
  email: string;
  token_use: 'id';
  iat: number;
  exp: number;
}

async function signJwt(claims: object, secret: string): Promise<string> {
  const header = base64url(encoder.encode(JSON.stringify({ alg: 'HS256', typ: 'JWT' })));
  const payload = base64url(encoder.encode(JSON.stringify(claims)));
  const signature = await crypto.subtle.sign('HMAC', await hmacKey(secret), encoder.encode(`${header}.${payload}`));
  return `${header}.${payload}.${base64url(new Uint8Array(signature))}`;
}

type Verified<Claims> = { ok: true; claims: Claims } | { ok: false; reason: 'malformed' | 'signature' | 'expired' };

async function verifyJwt<Claims extends { token_use: string; exp: number }>(
  token: string,
  secret: string,
  nowSeconds: number,
  tokenUse: Claims['token_use'],
): Promise<Verified<Claims>> {
  const [header, payload, signature] = token.split('.');
  if (!header || !payload || !signature) return { ok: false, reason: 'malformed' };
  let valid = false;
  try {
    valid = await crypto.subtle.verify('HMAC', await hmacKey(secret), fromBase64url(signature), encoder.encode(`${header}.${payload}`));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (!valid) return { ok: false, reason: 'signature' };
  let claims: Claims;
  try {
    claims = JSON.parse(new TextDecoder().decode(fromBase64url(payload))) as Claims;
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (claims.token_use !== tokenUse || typeof claims.exp !== 'number') return { ok: false, reason: 'malformed' };
  if (claims.exp <= nowSeconds) return { ok: false, reason: 'expired' };
  return { ok: true, claims };
}

export function signIdToken(claims: IdClaims, secret: string): Promise<string> {
  return signJwt(claims, secret);
}

export type VerifyResult = Verified<IdClaims>;

export function verifyIdToken(token: string, secret: string, nowSeconds: number): Promise<VerifyResult> {
  return verifyJwt<IdClaims>(token, secret, nowSeconds, 'id');
}

/** What the support chat learns about a seller: an opaque id and its chat session, nothing personal. */
export interface ChatClaims {
  sub: string;
  sid: string;
  token_use: 'chat';
  iat: number;
  exp: number;
}

// Chat tokens are handed to a script in the browser (and, in production, to the chat provider), so
// they are signed with a key of their own: even a bug in a token_use check could not turn one into
// an id token.
const chatSecret = (secret: string) => `${secret}|support-chat`;

export function signChatToken(claims: ChatClaims, secret: string): Promise<string> {
  return signJwt(claims, chatSecret(secret));
}

export interface UnsubscribeClaims {
  sub: number;
  /** Which messages to stop: marketing e-mails, texts, or one vehicle's MOT reminders (sub is then the reminder's id). */
  ch: UnsubscribedChannel;
  token_use: 'unsubscribe';
  iat: number;
  exp: number;
}

// Unsubscribe links sit in mailboxes for months: their own key, so they can never be more than that.
const unsubscribeSecret = (secret: string) => `${secret}|unsubscribe`;

export function signUnsubscribeToken(claims: UnsubscribeClaims, secret: string): Promise<string> {
  return signJwt(claims, unsubscribeSecret(secret));
}

export function verifyUnsubscribeToken(token: string, secret: string, nowSeconds: number): Promise<Verified<UnsubscribeClaims>> {
  return verifyJwt<UnsubscribeClaims>(token, unsubscribeSecret(secret), nowSeconds, 'unsubscribe');
}

/** The link that confirms one MOT reminder sign-up (sub is the sign-up's id). */
export interface MotConfirmClaims {
  sub: number;
  /** Random, so two links for one sign-up differ and only the newest (stored by hash) works. */
  jti: string;
  token_use: 'mot-confirm';
  iat: number;
  exp: number;
}

// Its own key: a confirmation link is e-mailed to an address nobody has proved yet.
const motConfirmSecret = (secret: string) => `${secret}|mot-confirm`;

export function signMotConfirmToken(claims: MotConfirmClaims, secret: string): Promise<string> {
  return signJwt(claims, motConfirmSecret(secret));
}

export function verifyMotConfirmToken(token: string, secret: string, nowSeconds: number): Promise<Verified<MotConfirmClaims>> {
  return verifyJwt<MotConfirmClaims>(token, motConfirmSecret(secret), nowSeconds, 'mot-confirm');
}
