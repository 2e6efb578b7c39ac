import { Fragment, type ReactNode } from 'react';

const EMAIL = /([\w.+-]+@[\w-]+(?:\.[\w-]+)+)/;

/** Email addresses in translated text become mailto links, so a reader can act on "write to dmca@…" directly. */
function withEmailLinks(text: string, linkClassName?: string): ReactNode[] {
  return text.split(EMAIL).map((part, index) =>
    index % 2 === 1 ? (
      <a key={index} href={`mailto:${part}`} className={linkClassName}>
        {part}
      </a>
    ) : (
      <Fragment key={index}>{part}</Fragment>
    ),
  );
}

/**
 * Long translated text (legal sections, answers) keeps its structure in the locale files as plain text: blank
 * lines separate paragraphs, and a block whose lines all start with "- " is a list. Translators never touch markup.
 */
export function TextBlocks({ text, linkClassName }: { text: string; linkClassName?: string }) {
  return (
    <>
      {text.split('\n\n').map((block, index) => {
        const lines = block.split('\n');
        if (lines.every((line) => line.startsWith('- '))) {
          return (
            <ul key={index}>
              {lines.map((line) => (
                <li key={line}>{withEmailLinks(line.slice(2), linkClassName)}</li>
              ))}
            </ul>
          );
        }
        return <p key={index}>{withEmailLinks(block, linkClassName)}</p>;
      })}
    </>
  );
}
