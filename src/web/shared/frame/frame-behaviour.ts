/** Placeholder until the frame's behaviours land (issue 32). */
export function enhanceFrame(_doc: Document = document): void {}
