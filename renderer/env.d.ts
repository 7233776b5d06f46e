/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Address of the administrator manual linked from the header (default /with-ag/manual). */
  readonly VITE_ADMIN_MANUAL_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
