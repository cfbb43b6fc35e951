import { createContext, useContext } from 'react';

/** The request's CSP nonce for inline <script>/<style>. The browser hides it after load, so it is '' on the client. */
const NonceContext = createContext('');
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
