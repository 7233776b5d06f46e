// The rules of stored rich text are shared (schemas/rich-text.ts): the server's sanitiser keeps
// what the editor writes. The editor still has its own copy of the palette and tags until it
// imports them from schemas/; until then this holds the copies together.
import t from 'tap';
import { isColorClass, RICH_TEXT_TAGS, TEXT_COLORS } from '../../schemas/rich-text';
import { TEXT_COLORS as EDITOR_COLORS } from '../../renderer/forms/widgets/rich-text/colors';
import { sanitizeRichText } from '../../api/resources/content/sanitize-html';

t.test('the editor and the shared rules have the same palette', async (t) => {
  t.same(EDITOR_COLORS, TEXT_COLORS);
});

t.test("the server keeps the editor's tags and colour classes and drops others", async (t) => {
  for (const tag of RICH_TEXT_TAGS.filter((x) => !['br', 'a', 'span'].includes(x))) {
    t.equal(sanitizeRichText(`<${tag}>x</${tag}>`).startsWith(`<${tag}>`), true, tag);
  }
  for (const c of TEXT_COLORS)
    t.equal(
      sanitizeRichText(`<p><span class="${c.className} other">x</span></p>`),
      `<p><span class="${c.className}">x</span></p>`,
    );
  t.notOk(isColorClass('other'));
  t.equal(
    sanitizeRichText('<p><a href="javascript:alert(1)">x</a><img src=x></p>'),
    '<p><a target="_blank" rel="noopener noreferrer">x</a></p>',
  );
  t.equal(sanitizeRichText('<h1>x</h1>'), 'x');
});
