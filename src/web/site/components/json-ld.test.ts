import { describe, expect, it } from 'vitest';
import { serializeJsonLd } from './json-ld.tsx';

describe('serializeJsonLd', () => {
  it('cannot close its script element, and parses back to the same data', () => {
    const data = { name: '</script><script>alert(1)</script>' };
    const text = serializeJsonLd(data);
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual(data);
  });
});
