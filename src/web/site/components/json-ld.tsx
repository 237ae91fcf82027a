/** Structured data for search engines, as the text of a <script type="application/ld+json">. */

/** JSON for an inline <script>: "<" escaped, so no text in the data can close the element. */
export function serializeJsonLd(data: object): string {
  return JSON.stringify(data).replaceAll('<', '\\u003c');
}

export function JsonLd({ data }: { data: object }) {
  return (
    <script
      type="application/ld+json"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD must be the element's text; serializeJsonLd escapes "<"
      dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }}
    />
  );
}
