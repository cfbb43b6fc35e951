import type { MetaFunction } from '@remix-run/cloudflare';
import { Outlet } from '@remix-run/react';
import { brandFrom, PageErrorBoundary } from '~/features/shell/frame';
import { loadRootData } from '~/features/shell/root-data.server';

export const meta: MetaFunction = ({ matches }) => [{ title: brandFrom(matches) }];

export const loader = loadRootData;

export { Layout } from '~/features/shell/frame';

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <PageErrorBoundary />;
}
