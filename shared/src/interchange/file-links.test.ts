import { describe, expect, it } from 'vitest';
import {
  encodeLinkPath,
  exportAttachmentLinks,
  findLinks,
  linkedFilePath,
  replaceLinks,
  resolveRelativePath,
} from './file-links.ts';

const SHA = 'a'.repeat(64);
const SHA2 = 'b'.repeat(64);

describe('findLinks and linkedFilePath', () => {
  it('finds relative images and file links, Obsidian embeds and wiki links to files, with their places', () => {
    const text = [
      '# Trip',
      '![map](img/map.png) and ![tram](../_resources/tram%201.jpg "Tram") and [plan](<docs/the plan.pdf>)',
      '![[photo.jpg|300]] [[report.pdf|The report]] [[Other note]] ![[Embedded note]]',
      '[web](https://x.test/a.png) [mail](mailto:a@b.c) [anchor](#top) [note](other.md) [abs](/api/x.png)',
      '![data](data:image/png;base64,xx) [folder](docs/)',
    ].join('\n');
    const links = findLinks(text);
    expect(links.map((l) => [l.kind, l.embed, l.text, l.target, linkedFilePath(l)])).toEqual([
      ['markdown', true, 'map', 'img/map.png', 'img/map.png'],
      ['markdown', true, 'tram', '../_resources/tram%201.jpg', '../_resources/tram 1.jpg'],
      ['markdown', false, 'plan', 'docs/the plan.pdf', 'docs/the plan.pdf'],
      ['wiki', true, '300', 'photo.jpg', 'photo.jpg'],
      ['wiki', false, 'The report', 'report.pdf', 'report.pdf'],
      ['wiki', false, '', 'Other note', null],
      ['wiki', true, '', 'Embedded note', null],
      ['markdown', false, 'web', 'https://x.test/a.png', null],
      ['markdown', false, 'mail', 'mailto:a@b.c', null],
      ['markdown', false, 'anchor', '#top', null],
      ['markdown', false, 'note', 'other.md', null],
      ['markdown', false, 'abs', '/api/x.png', null],
      ['markdown', true, 'data', 'data:image/png;base64,xx', null],
      ['markdown', false, 'folder', 'docs/', null],
    ]);
    const tram = links[1]!;
    expect(text.slice(tram.targetStart, tram.targetEnd)).toBe('../_resources/tram%201.jpg');
    expect(text.slice(links[2]!.targetStart, links[2]!.targetEnd)).toBe('<docs/the plan.pdf>');
  });

  it('leaves links inside code blocks and inline code alone; strips queries and fragments', () => {
    const text = '```\n![a](a.png)\n```\n`![b](b.png)` ![c](c.png?v=2#x) ~~~md\n';
    const links = findLinks(text);
    expect(links.map((l) => linkedFilePath(l))).toEqual(['c.png']);
  });

  it('keeps a stray percent sign as part of the name', () => {
    expect(findLinks('![x](100%.png)').map(linkedFilePath)).toEqual(['100%.png']);
  });
});

describe('resolveRelativePath', () => {
  it('resolves from the note’s folder and refuses to climb above the root', () => {
    expect(resolveRelativePath('Vault/Travel/lisbon.md', 'img/a.png')).toBe('Vault/Travel/img/a.png');
    expect(resolveRelativePath('Vault/Travel/lisbon.md', '../_resources/a.png')).toBe(
      'Vault/_resources/a.png',
    );
    expect(resolveRelativePath('note.md', './a.png')).toBe('a.png');
    expect(resolveRelativePath('note.md', '../a.png')).toBeNull();
  });
});

describe('replaceLinks', () => {
  it('replaces only the chosen targets (whole wiki links), leaving every other character as it was', () => {
    const text = 'A ![x](x.png "t") B [[y.pdf]] C ![z](z.png)';
    const links = findLinks(text);
    const out = replaceLinks(text, links, (link) =>
      link.target === 'x.png'
        ? '/api/attachments/1'
        : link.kind === 'wiki'
          ? '[y.pdf](/api/attachments/2)'
          : null,
    );
    expect(out).toBe('A ![x](/api/attachments/1 "t") B [y.pdf](/api/attachments/2) C ![z](z.png)');
  });
});

describe('exportAttachmentLinks', () => {
  it('points attachment links at their files in the zip, encoded; files not exported keep their links', () => {
    const text = [
      `![photo.jpg](/api/attachments/${SHA}) and [report](https://notes.example/api/attachments/${SHA}?w=640)`,
      `![gone](/api/attachments/${SHA2}) \`![code](/api/attachments/${SHA})\``,
    ].join('\n');
    const out = exportAttachmentLinks(text, (sha) =>
      sha === SHA ? '_resources/my photo (2).jpg' : undefined,
    );
    expect(out).toBe(
      [
        '![photo.jpg](_resources/my%20photo%20%282%29.jpg) and [report](_resources/my%20photo%20%282%29.jpg)',
        `![gone](/api/attachments/${SHA2}) \`![code](/api/attachments/${SHA})\``,
      ].join('\n'),
    );
    // Read back, the link names the same file.
    const [link] = findLinks(out);
    expect(linkedFilePath(link!)).toBe('_resources/my photo (2).jpg');
  });

  it('encodes what would end or bend a markdown link', () => {
    expect(encodeLinkPath('_resources/a b#c?d[e]%.png')).toBe('_resources/a%20b%23c%3Fd%5Be%5D%25.png');
  });
});
