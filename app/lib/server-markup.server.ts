import type { AppLoadContext } from '@remix-run/cloudflare';
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

/** A part takes no props and is the same for everyone: rendered once per isolate. */
const rendered = new WeakMap<ComponentType, string>();
function markupOf(part: ComponentType): string {
  let markup = rendered.get(part);
  if (markup === undefined) rendered.set(part, (markup = renderToStaticMarkup(createElement(part))));
  return markup;
}

/**
 * A route's ServerMarkup parts, for a client-side navigation (a single-fetch `.data` request),
 * where the browser has no document markup to keep. A document load renders them in the page
 * itself, so it gets null and the document carries them once.
 */
export function markupForNavigation<Id extends string>(
  context: AppLoadContext,
  parts: Record<Id, ComponentType>,
): Record<Id, string> | null {
  if (!context.dataRequest) return null;
  const markup = {} as Record<Id, string>;
  for (const id of Object.keys(parts) as Id[]) markup[id] = markupOf(parts[id]);
  return markup;
}
