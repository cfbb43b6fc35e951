/// <reference types="@remix-run/dev" />
/// <reference types="@cloudflare/workers-types/2023-07-01" />

// Single fetch types: loaders return plain objects and promises.
declare module '@remix-run/server-runtime' {
  interface Future {
    v3_singleFetch: true;
  }
}
export {};
