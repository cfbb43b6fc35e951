import type { AppLoadContext } from '@remix-run/cloudflare';
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

/**
 * A part is the same for everyone: rendered once per isolate for each set of props, which come
 * from configuration (the same for every request an isolate serves), never from the seller.
 * Documents take their parts from here too (ServerMarkup): the first time, from within the page's
 * own render (React allows a nested synchronous render), but apart from its tree, which is why a
 * part reads no context and its links are plain anchors.
 */
const rendered = new WeakMap<object, Map<string, string>>();
export function markupOf<Props extends object>(part: ComponentType<Props>, props: Props): string {
  let byProps = rendered.get(part);
  if (!byProps) rendered.set(part, (byProps = new Map()));
  const key = JSON.stringify(props);
  let markup = byProps.get(key);
  if (markup === undefined) byProps.set(key, (markup = renderToStaticMarkup(createElement(part, props))));
  return markup;
}

/**
 * A route's ServerMarkup parts, for a client-side navigation (a single-fetch `.data` request),
 * where the browser has no document markup to keep. A document load renders them in the page
 * itself, so it gets null and the document carries them once.
 */
export function markupForNavigation<Id extends string, Props extends object = Record<string, never>>(
  context: AppLoadContext,
  parts: Record<Id, ComponentType<Props>>,
  props: Props = {} as Props,
): Record<Id, string> | null {
  if (!context.dataRequest) return null;
  const markup = {} as Record<Id, string>;
  for (const id of Object.keys(parts) as Id[]) markup[id] = markupOf(parts[id], props);
  return markup;
}

/** A part whose props come from the request, rendered now (a loader's answer carries it every time). */
export const markupNow = <Props extends object>(part: ComponentType<Props>, props: Props): string =>
  renderToStaticMarkup(createElement(part, props));

/**
 * As markupForNavigation, for parts whose props come from the request (one vehicle's check): the
 * same rule (only a client-side navigation gets them), rendered each time and never kept.
 */
export function requestMarkupForNavigation<Id extends string, Props extends object>(
  context: AppLoadContext,
  parts: Record<Id, ComponentType<Props>>,
  props: Props,
): Record<Id, string> | null {
  if (!context.dataRequest) return null;
  const markup = {} as Record<Id, string>;
  for (const id of Object.keys(parts) as Id[]) markup[id] = markupNow(parts[id], props);
  return markup;
}
