import { useId } from 'react';
import { act } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToStaticMarkup } from 'react-dom/server';
import { createDOMRenderer, makeStyles, renderToStyleElements } from '@griffel/react';
import { StyleRendererProvider } from './style-renderer-provider';

const useStyles = makeStyles({
  root: { color: 'red', ':hover': { color: 'blue' }, '@media (min-width: 600px)': { color: 'green' } },
});

function Styled() {
  const id = useId();
  return (
    <div id={id} className={useStyles().root}>
      styled
    </div>
  );
}

/** The build's prerender: the markup and Griffel's `<style>` elements for it. */
async function prerender() {
  // As the build's prerender: no document, so the rules are kept as Griffel wrote them.
  const renderer = createDOMRenderer(null as unknown as undefined);
  const tree = (
    <StyleRendererProvider renderer={renderer}>
      <Styled />
    </StyleRendererProvider>
  );
  const html = renderToStaticMarkup(tree);
  // With a DOM (jsdom), Griffel inserts a component's rules in an insertion effect, which a static
  // render does not run; a render outside the page runs it, into the document-less renderer.
  await act(async () => createRoot(document.createElement('div')).render(tree));
  return { html, styles: renderToStaticMarkup(<>{renderToStyleElements(renderer)}</>) };
}

describe('StyleRendererProvider', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    document.body.innerHTML = '';
  });

  it("reads every prerendered rule into the renderer's cache, so the hydration inserts none again", async () => {
    const { html, styles } = await prerender();
    document.head.innerHTML = styles;
    const elements = [...document.head.querySelectorAll('style[data-make-styles-bucket]')];
    // Three buckets here (plain, hover, media), read before the component renders.
    expect(elements).toHaveLength(3);
    const rulesBefore = elements.map((e) => e.textContent);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);

    const renderer = createDOMRenderer(document);
    await act(async () => {
      hydrateRoot(
        container,
        <StyleRendererProvider renderer={renderer} targetDocument={document}>
          <Styled />
        </StyleRendererProvider>,
      );
    });

    // Every rule is known (from its element), and nothing was added to the page's styles.
    expect(Object.keys(renderer.insertionCache)).toHaveLength(3);
    expect(Object.values(renderer.insertionCache).sort()).toEqual(['d', 'h', 'm']);
    expect(document.head.querySelectorAll('style')).toHaveLength(3);
    expect(elements.map((e) => e.textContent)).toEqual(rulesBefore);
    // Griffel's rehydration registered the elements and found no text to parse; they are as before.
    for (const element of elements) expect(Object.hasOwn(element, 'textContent')).toBe(false);
    for (const element of elements) expect((element as HTMLStyleElement).sheet?.cssRules).toHaveLength(1);
    // The same markup, ids included: one provider, as in the prerender.
    expect(errors).not.toHaveBeenCalled();
    expect(container.innerHTML).toBe(html);
    errors.mockRestore();
  });
});
