import { Fragment, type ReactNode } from 'react';

/*
 * A text chapter (plain paragraphs, simple markdown: headings, lists, bold) as React elements,
 * never as HTML: whatever the text holds is shown as text.
 */

export type TextBlock =
  /** `depth`: 1 for `#`, 2 for `##`, 3 for `###`. */
  | { kind: 'heading'; depth: 1 | 2 | 3; text: string }
  | { kind: 'list'; ordered: boolean; items: string[] }
  | { kind: 'paragraph'; lines: string[] };

const HEADING = /^(#{1,3})\s+(.*)$/;
const BULLET = /^[-*]\s+(.*)$/;
const NUMBERED = /^\d+[.)]\s+(.*)$/;

/** The blocks of a text: blank lines part them; `#`..`###` head them; `-`, `*` or `1.` lines list. */
export function parseChapterText(text: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', lines: paragraph });
    if (list) blocks.push({ kind: 'list', ...list });
    paragraph = [];
    list = null;
  };
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    if (line === '') {
      flush();
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      flush();
      blocks.push({ kind: 'heading', depth: heading[1].length as 1 | 2 | 3, text: heading[2] });
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    const item = bullet ?? numbered;
    if (item) {
      const ordered = numbered !== null;
      if (paragraph.length || (list && list.ordered !== ordered)) flush();
      list ??= { ordered, items: [] };
      list.items.push(item[1]);
      continue;
    }
    if (list) flush();
    paragraph.push(line);
  }
  flush();
  return blocks;
}

/** `**bold**` parts of a line as <strong>, the rest as text. */
export function inlineText(line: string): ReactNode[] {
  return line.split(/(\*\*[^*]+\*\*)/g).map((part, index) =>
    part.startsWith('**') && part.endsWith('**') && part.length > 4 ? <strong key={index}>{part.slice(2, -2)}</strong> : part,
  );
}

/**
 * The heading element of a text's heading: the text's highest headings are h2 (under the
 * chapter's h1), the next ones h3 and h4, whether the text starts at `#` or at `##`.
 */
export function headingLevel(depth: number, topDepth: number): 2 | 3 | 4 {
  return Math.min(4, Math.max(2, depth - topDepth + 2)) as 2 | 3 | 4;
}

/** A chapter's text, block by block. */
export function ChapterText({ text }: { text: string }) {
  const blocks = parseChapterText(text);
  const topDepth = Math.min(3, ...blocks.map((block) => (block.kind === 'heading' ? block.depth : 3)));
  return (
    <div className="chapter-text">
      {blocks.map((block, index) => {
        if (block.kind === 'heading') {
          const Heading = `h${headingLevel(block.depth, topDepth)}` as const;
          return <Heading key={index}>{inlineText(block.text)}</Heading>;
        }
        if (block.kind === 'list') {
          const List = block.ordered ? 'ol' : 'ul';
          return (
            <List key={index}>
              {block.items.map((item, i) => (
                <li key={i}>{inlineText(item)}</li>
              ))}
            </List>
          );
        }
        return (
          <p key={index}>
            {block.lines.map((line, i) => (
              <Fragment key={i}>
                {i > 0 && <br />}
                {inlineText(line)}
              </Fragment>
            ))}
          </p>
        );
      })}
    </div>
  );
}
