/** Product gallery: a thumbnail button shows its image in the main frame. */
export function initGallery(root: HTMLElement): void {
  const main = root.querySelector<HTMLImageElement>('[data-gallery-main]');
  const thumbs = [...root.querySelectorAll<HTMLButtonElement>('[data-gallery-thumb]')];
  if (!main) return;
  for (const thumb of thumbs) {
    thumb.addEventListener('click', () => {
      const { src = '', width = '', height = '', alt = '' } = thumb.dataset;
      main.src = src;
      main.width = Number(width);
      main.height = Number(height);
      main.alt = alt;
      for (const other of thumbs) other.setAttribute('aria-pressed', String(other === thumb));
    });
  }
}
