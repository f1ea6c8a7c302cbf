import { Transform } from "node:stream";
import { HYDRATE_NOW_ATTRIBUTE, HYDRATED_EVENT } from "~/components/hydration";
import { CHAT_OPEN_KEY, OUTBOX_KEY } from "~/features/chat/storage-keys";

/*
 * Public pages hydrate at the visitor's first interaction, not as they load.
 *
 * Every public page is complete server-rendered HTML with its stylesheet inline: it reads, scrolls,
 * follows links and posts its forms without JavaScript. React, React Router and the page's code
 * (about 105 KiB compressed, 92 of them the framework itself) are only needed once the visitor does
 * something, so a visitor who reads receives none of it (issue 40: at most 100 KiB of JavaScript on
 * a first visit), and it never competes with the page's first paint on a slow phone.
 *
 * React Router's module script (the route modules' imports, its manifest, the client entry) is sent
 * as an inert `<script type="text/x-app-hydration">` with a small loader beside it. The loader adds
 * the module script to the page at the first pointer movement, touch, key, focus or wheel — on a
 * phone the touch that starts a scroll, on a computer the mouse moving towards something (not the
 * still "move" Chromium sends a page that opens under the pointer) — or at
 * once when the tab has something to resume: a URL with a #section (the layout scrolls to it), an
 * open chat or a chat lead still queued (they reopen and resend on each page), a staff preview.
 *
 * What the visitor does before hydration is not lost:
 * - a click on a button that needs JavaScript (the menu, the chat launcher, a photo) is held and
 *   clicked again once the page has hydrated; meanwhile the button shows it is busy (`data-held`,
 *   dimmed by app.css: on a slow phone the code can take a second or two);
 * - a form submitted is held and submitted again through React Router; if the code cannot load
 *   within 10 s, it goes as a plain form post instead, which every public form accepts;
 * - a field typed into is announced to React once it has hydrated (React keeps the typed value but
 *   its state would still hold the server's), so the estimate works out what the visitor typed;
 *   held clicks and submissions go a task later, once React has applied what it was told;
 * - links and plain form controls work natively throughout.
 * The root route dispatches HYDRATED_EVENT from its first effect, when the whole page has hydrated.
 */

const BOOT_ID = "app-hydration";
export const BOOT_TYPE = "text/x-app-hydration";
/** A held form goes as a plain post if the page has not hydrated this long after its code was asked for. */
const GIVE_UP_MS = 10_000;

/** The loader, as sent: plain ES2020, no imports, run once where React Router's module script was. */
export const HYDRATION_LOADER = `(()=>{
const d=document,boot=d.getElementById(${JSON.stringify(BOOT_ID)}),on=["pointerdown","pointermove","touchstart","keydown","focusin","wheel"];
const held=new Map(),edited=new Set();let asked=0,done=0,native=0;
const load=e=>{if(asked||(e&&e.type==="pointermove"&&!e.movementX&&!e.movementY))return;asked=1;for(const t of on)removeEventListener(t,load,true);
const s=Object.assign(d.createElement("script"),{type:"module",nonce:boot.nonce,textContent:boot.textContent,onerror:giveUp});
addEventListener("unhandledrejection",giveUp);setTimeout(giveUp,${GIVE_UP_MS});d.body.append(s)};
const giveUp=()=>{if(done||native)return;native=1;for(const[el,run]of held)if(el.tagName==="FORM"){held.delete(el);el.isConnected&&run()}};
const hold=e=>{if(done||native)return;let el=e.target,run;
if(e.type==="submit"){const s=e.submitter;run=()=>el.requestSubmit(s&&s.form===el?s:undefined)}
else{el=el.closest&&el.closest("button");if(!el||(el.form&&el.type!=="button"))return;run=()=>el.click()}
const shown=e.submitter||el;shown.setAttribute("data-held","");
e.preventDefault();e.stopPropagation();held.delete(el);held.set(el,()=>{shown.removeAttribute("data-held");run()});load()};
const edit=e=>{if(!done&&e.target instanceof Element)edited.add(e.target)};
const announce=el=>{if(!el.isConnected)return;const box=el.type==="checkbox"||el.type==="radio",t=el._valueTracker;
t&&t.setValue(box?String(!el.checked):"\\0");el.dispatchEvent(new Event(box?"click":el.tagName==="SELECT"?"change":"input",{bubbles:true}))};
addEventListener(${JSON.stringify(HYDRATED_EVENT)},()=>{if(done)return;done=1;for(const el of edited)announce(el);edited.clear();
setTimeout(()=>{for(const[el,run]of held)el.isConnected&&run();held.clear()})});
for(const t of on)addEventListener(t,load,{capture:true,passive:true});
addEventListener("click",hold,true);addEventListener("submit",hold,true);addEventListener("input",edit,true);addEventListener("change",edit,true);
try{if(location.hash.length>1||d.querySelector("[${HYDRATE_NOW_ATTRIBUTE}]")||sessionStorage.getItem(${JSON.stringify(CHAT_OPEN_KEY)})==="1"||JSON.parse(localStorage.getItem(${JSON.stringify(OUTBOX_KEY)})||"[]").length)load()}catch{}
})()`;

// React Router's <Scripts>: `<script nonce="…" type="module" async="">…</script>` (the nonce only when there is one).
const MODULE_SCRIPT = /<script((?: nonce="[^"]*")?) type="module" async="">([\s\S]*?)<\/script>/;

/**
 * The page with React Router's module script made inert and the loader beside it (entry.server.tsx
 * calls it for a page whose routes ask for it: hydratesOnInteraction).
 */
export function deferHydration(html: string): string {
  return html.replace(
    MODULE_SCRIPT,
    (_whole, nonce: string, code: string) =>
      `<script${nonce} type="${BOOT_TYPE}" id="${BOOT_ID}">${code}</script><script${nonce}>${HYDRATION_LOADER}</script>`,
  );
}

/**
 * deferHydration over a rendered document. Pages are rendered whole before they are sent
 * (entry.server.tsx waits for everything), so holding the bytes until the end delays nothing.
 */
export function deferHydrationStream(): Transform {
  const chunks: Buffer[] = [];
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
    flush(callback) {
      callback(null, Buffer.from(deferHydration(Buffer.concat(chunks).toString("utf8"))));
    },
  });
}
