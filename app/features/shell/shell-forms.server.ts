import { z } from 'zod';
import { CHUNK_FAILURE_REASONS, CLIENT_REPORT_KINDS } from '~/lib/reports';

/**
 * The schemas of the shell's own endpoints, which the cookie notice and the sticky banner post to
 * in the background (fetchers load the route's module): a server module, which the browser build
 * leaves empty, so choosing cookies never loads zod.
 */

/** The notice's buttons, the page to go back to, and `js` when the notice was sent in the background. */
export const ConsentSchema = z.object({ choice: z.string().optional(), returnTo: z.string().optional(), js: z.string().optional() });

/** The page to go back to, and `js` when the banner was closed in the background. */
export const DismissSchema = z.object({ returnTo: z.string().optional(), js: z.string().optional() });

/** A silent report from our own script: one of the kinds we know, and for a chunk how it failed. */
export const ReportSchema = z.object({ kind: z.enum(CLIENT_REPORT_KINDS), reason: z.enum(CHUNK_FAILURE_REASONS).optional() });

/** A client-side navigation the browser reports: the path of the page it shows. */
export const PageViewSchema = z.object({ path: z.string().max(300) });
