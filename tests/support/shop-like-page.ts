/**
 * A page like the shop's list: `cards` product cards with names, prices and ids that differ and the
 * same markup around them, so it compresses as the shop's pages do. Seeded: the same page each time.
 */
export function shopLikePage(cards: number): string {
  let seed = 7;
  const next = () => (seed = (Math.imul(seed, 1_664_525) + 1_013_904_223) >>> 0) >>> 8;
  const words = ["Classic", "Bifold", "Wallet", "Heritage", "Messenger", "Bag", "Belt", "Pouch", "Desk", "Pad", "Chappal", "Boot"];
  const id = () => Array.from({ length: 12 }, () => "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz0123456789"[next() % 58]).join("");
  const rows = Array.from({ length: cards }, () => {
    const key = id();
    const name = `${words[next() % 12]} ${words[next() % 12]} ${words[next() % 12]}`;
    return `<article class="group relative flex flex-col rounded-xl border bg-white"><img alt="" loading="lazy" src="/media/demo/${key}-640.webp" srcSet="/media/demo/${key}-320.webp 320w, /media/demo/${key}-640.webp 640w"/><h2 class="font-medium text-stone-900"><a href="/product/${id()}">${name}</a></h2><span class="text-base font-semibold">PKR ${1000 + (next() % 9000)},${next() % 10}00.00</span></article>`;
  });
  return `<!DOCTYPE html><html lang="en"><body><main>${rows.join("")}</main></body></html>`;
}
