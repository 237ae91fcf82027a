/** Structured data for search engines, as the text of a <script type="application/ld+json">. */
import { serializeJsonLd } from '../../domain/restaurant-json-ld.ts';

export function JsonLd({ data }: { data: object }) {
  return (
    <script
      type="application/ld+json"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD must be the element's text; serializeJsonLd escapes "<"
      dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }}
    />
  );
}
