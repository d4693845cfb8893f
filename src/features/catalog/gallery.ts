/** Product gallery: a thumbnail button shows its image in the main frame. */
export function initGallery(root: HTMLElement): void {
  const main = root.querySelector<HTMLImageElement>('[data-gallery-main]');
  const avif = root.querySelector<HTMLSourceElement>('[data-gallery-avif]');
  const thumbs = [...root.querySelectorAll<HTMLButtonElement>('[data-gallery-thumb]')];
  if (!main) return;
  for (const thumb of thumbs) {
    thumb.addEventListener('click', () => {
      const { src = '', srcset = '', avif: avifSet = '', width = '', height = '', alt = '' } = thumb.dataset;
      // A source or srcset left from the previous image would win over the new src.
      if (avif) avif.srcset = avifSet;
      if (srcset) main.srcset = srcset;
      else main.removeAttribute('srcset');
      main.src = src;
      main.width = Number(width);
      main.height = Number(height);
      main.alt = alt;
      for (const other of thumbs) other.setAttribute('aria-pressed', String(other === thumb));
    });
  }
}
