import { createContext, useContext, type ReactNode } from "react";

const NonceContext = createContext<string | undefined>(undefined);

export function NonceProvider({ value, children }: { value: string | undefined; children: ReactNode }) {
  return <NonceContext.Provider value={value}>{children}</NonceContext.Provider>;
}

/** The CSP nonce of this response on the server; undefined in the browser (it is not needed there). */
export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
