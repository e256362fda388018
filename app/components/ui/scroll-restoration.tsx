import { UNSAFE_useScrollRestoration as useScrollRestoration } from "react-router";

/** Where React Router keeps the pages' scroll positions (its own default). */
const STORAGE_KEY = "react-router-scroll-positions";

/**
 * React Router's scroll restoration, with the inline script that runs while the page is read made
 * cheaper for a page opened anew (a landing, a link followed before the scripts came).
 *
 * React Router's own script gives the history entry a key and then reads the stored positions from
 * sessionStorage, at once, in the middle of the parser's work: 8–17 ms on this machine's browser,
 * most of it the history entry replaced and sessionStorage's first read, each a call to the
 * browser's own process (docs/performance.md). A new entry has nothing stored under a key it has
 * only just been given, so this script reads sessionStorage only for an entry that has a key
 * (Back, Forward, a reload), and gives a new entry its key in a task of its own, before the page's
 * scripts read it (React Router keeps the positions by it; without one it would use "default" for
 * every page opened anew). What the browser runs after hydration is React Router's own.
 */
const SCRIPT = `((storageKey)=>{const state=history.state;if(state&&state.key){try{const y=JSON.parse(sessionStorage.getItem(storageKey)||"{}")[state.key];if(typeof y==="number")scrollTo(0,y)}catch(error){console.error(error);sessionStorage.removeItem(storageKey)}return}setTimeout(()=>{const s=history.state;if(!s||(!s.key&&s.idx==null))history.replaceState({...s,key:Math.random().toString(32).slice(2)},"")})})(${JSON.stringify(STORAGE_KEY)})`;

export function ScrollRestoration({ nonce }: { nonce?: string }) {
  useScrollRestoration({ storageKey: STORAGE_KEY });
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: SCRIPT }} />;
}
