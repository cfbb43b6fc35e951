import type { LoaderFunctionArgs } from '@remix-run/cloudflare';
import { isPhotoSlot } from '../../../../contract/documents';
import { endpoints } from '../../../../contract/endpoints';
import { PlatformFailure } from '~/lib/gateway.server';
import { sellerSale } from '~/features/sale/seller-sale.server';

/**
 * `/{vrm}/photos/{profile|collection}/{slot}`: a photo of the seller's own car, for the revised
 * offer's side-by-side (the profile's photo of a panel beside the inspector's photo of it at the
 * handover). Only the seller who owns the sale gets it; the platform's file passes through unread.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const slot = params.slot ?? '';
  if (!isPhotoSlot(slot) || (params.source !== 'profile' && params.source !== 'collection')) return notFound();
  const sale = await sellerSale(request, context, params.vrm);
  try {
    const file =
      params.source === 'profile'
        ? await context.gateway.file(endpoints.sale.photoFile, { params: { slot }, query: { enquiryId: sale.enquiry.id } })
        : await context.gateway.file(endpoints.sale.collectionPhoto, { params: { id: sale.enquiry.id, slot } });
    return new Response(file.body, {
      headers: {
        'content-type': file.headers.get('content-type') ?? 'application/octet-stream',
        'cache-control': 'private, max-age=3600',
        'x-content-type-options': 'nosniff',
        // An SVG opened on its own runs no script and loads nothing.
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      },
    });
  } catch (error) {
    if (error instanceof PlatformFailure && error.kind !== 'unavailable' && error.kind !== 'timeout') return notFound();
    return new Response('The photo could not be loaded just now', {
      status: 503,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
  }
}

const notFound = () => new Response('No such photo', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
