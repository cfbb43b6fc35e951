import { runInNewContext } from 'node:vm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatWidgetApi } from '../../../contract/shell';
import { CHAT_WIDGET_JS, chatSessionId } from './chat';

/** Just enough DOM for the widget: elements with style, attributes, children, listeners and focus. */
class FakeElement {
  style: Record<string, string> = {};
  attributes: Record<string, string> = {};
  children: FakeElement[] = [];
  listeners: Record<string, ((event: unknown) => void)[]> = {};
  textContent = '';
  hidden = false;
  id = '';
  type = '';
  constructor(
    readonly tagName: string,
    private readonly page: FakeDocument,
  ) {}
  setAttribute(name: string, value: unknown) {
    this.attributes[name] = String(value);
  }
  appendChild(child: FakeElement) {
    this.children.push(child);
    return child;
  }
  addEventListener(type: string, listener: (event: unknown) => void) {
    (this.listeners[type] ??= []).push(listener);
  }
  dispatch(type: string, event: unknown = {}) {
    for (const listener of this.listeners[type] ?? []) listener(event);
  }
  focus() {
    this.page.activeElement = this;
  }
  find(test: (el: FakeElement) => boolean): FakeElement | undefined {
    for (const child of this.children) {
      if (test(child)) return child;
      const inner = child.find(test);
      if (inner) return inner;
    }
    return undefined;
  }
}

class FakeDocument extends FakeElement {
  body: FakeElement;
  activeElement: FakeElement | null = null;
  constructor() {
    super('#document', undefined as never);
    this.body = new FakeElement('body', this);
  }
  createElement(tag: string) {
    return new FakeElement(tag.toUpperCase(), this);
  }
}

function loadWidget(document = new FakeDocument(), window: { KerbsideChat?: ChatWidgetApi } = {}) {
  runInNewContext(CHAT_WIDGET_JS, {
    window,
    document,
    crypto,
    setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
    Uint8Array,
    Array,
  });
  const launcher = document.body.find((el) => el.textContent === 'Chat with us')!;
  const panel = document.body.find((el) => el.attributes.role === 'dialog')!;
  const closer = document.body.find((el) => el.attributes['aria-label'] === 'Close chat')!;
  const status = document.body.find((el) => el.attributes.role === 'status')!;
  return { document, window, api: window.KerbsideChat!, launcher, panel, closer, status };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the stand-in chat widget', () => {
  it('adds a fixed "Chat with us" button at the bottom right, styled through the CSSOM', () => {
    const { launcher, panel } = loadWidget();
    expect(launcher.tagName).toBe('BUTTON');
    expect(launcher.type).toBe('button');
    expect(launcher.style).toMatchObject({ position: 'fixed', right: '16px', bottom: '16px' });
    expect(panel.hidden).toBe(true);
  });

  it('has a session id about a second after it loads', () => {
    const { api } = loadWidget();
    expect(api.sessionId).toBeNull();
    vi.advanceTimersByTime(999);
    expect(api.sessionId).toBeNull();
    vi.advanceTimersByTime(1);
    expect(api.sessionId).toMatch(/^local-[0-9a-f]{24}$/);
  });

  it('opens a panel that says what it is, focuses its close button, and closes on Escape', () => {
    const { document, launcher, panel, closer } = loadWidget();
    launcher.dispatch('click');
    expect(panel.hidden).toBe(false);
    expect(launcher.attributes['aria-expanded']).toBe('true');
    expect(document.activeElement).toBe(closer);
    expect(panel.find((el) => el.textContent.includes('local stand-in for the support chat'))).toBeDefined();
    document.dispatch('keydown', { key: 'Enter' });
    expect(panel.hidden).toBe(false);
    document.dispatch('keydown', { key: 'Escape' });
    expect(panel.hidden).toBe(true);
    expect(launcher.attributes['aria-expanded']).toBe('false');
    expect(document.activeElement).toBe(launcher);
  });

  it('closes with its close button, and opens from the page', () => {
    const { api, panel, closer } = loadWidget();
    api.open();
    expect(panel.hidden).toBe(false);
    closer.dispatch('click');
    expect(panel.hidden).toBe(true);
  });

  it('says "Signed in" after login with a token, and ignores an empty one', () => {
    const { api, status } = loadWidget();
    expect(status.textContent).toBe('Not signed in');
    api.login('');
    expect(status.textContent).toBe('Not signed in');
    api.login('a.b.c');
    expect(status.textContent).toBe('Signed in');
  });

  it('loads once even when the script is included twice', () => {
    const first = loadWidget();
    const again = loadWidget(first.document, first.window);
    expect(again.api).toBe(first.api);
    expect(first.document.body.children.filter((el) => el.tagName === 'BUTTON')).toHaveLength(1);
  });

  it('is small, and uses nothing a strict CSP or a privacy review would refuse', () => {
    expect(new TextEncoder().encode(CHAT_WIDGET_JS).byteLength).toBeLessThan(4096);
    expect(CHAT_WIDGET_JS).not.toMatch(
      /\beval\b|new Function|innerHTML|insertAdjacentHTML|document\.write|setAttribute\('style'|\.on[a-z]+\s*=|<style|fetch\(|XMLHttpRequest|sendBeacon|WebSocket|https?:\/\/|localStorage|document\.cookie/,
    );
  });
});

describe('the chat session id', () => {
  it('is the same for one platform session and differs between sessions', async () => {
    expect(await chatSessionId('s1')).toBe(await chatSessionId('s1'));
    expect(await chatSessionId('s1')).not.toBe(await chatSessionId('s2'));
    expect(await chatSessionId('s1')).toMatch(/^chat-[A-Za-z0-9_-]{24}$/);
  });
});
