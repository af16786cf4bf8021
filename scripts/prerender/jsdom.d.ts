// The part of jsdom's API the prerender uses (jsdom ships no types; it is installed for vitest).
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string, options?: { url?: string });
    readonly window: Window & typeof globalThis;
    serialize(): string;
  }
}
