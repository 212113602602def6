import { Fragment, type ReactNode } from 'react';

/** Renders the content of one `<name>…</name>` marker of a translated text. */
export type RichTextComponents = Record<string, (content: string) => ReactNode>;

const MARKER = /<([a-z][a-z0-9-]*)>(.*?)<\/\1>/gi;

/**
 * A translated text with markers for links (`I accept the <terms>terms and conditions</terms>`):
 * each marker becomes its component, everything else stays plain text (React escapes it). A
 * small stand-in for react-i18next's `<Trans>` that keeps its HTML parser out of the bundle.
 */
export function RichText({ text, components }: { text: string; components: RichTextComponents }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(MARKER)) {
    const [whole, name, content] = match;
    const render = components[name];
    parts.push(text.slice(last, match.index));
    parts.push(render ? render(content) : whole);
    last = match.index + whole.length;
  }
  parts.push(text.slice(last));
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>{part}</Fragment>
      ))}
    </>
  );
}
