/// <reference types="vite/client" />

/** The client's built-in version (package.json), injected by vite's `define`; compared with the server's version. */
declare const __APP_VERSION__: string;
