import { createHash } from 'node:crypto';

/**
 * The card page's only style sheet and only script (decision 260), written inline and allowed by
 * their sha256 in the card's CSP: no 'unsafe-inline', no nonce to mint per response, no second
 * request, and no SPA bundle. Both are constants; everything a card differs by (the project id,
 * the anon key, the theme) is in the HTML's attributes, escaped there.
 */

/** Light by default; dark when ?theme=dark, or when the reader's system is dark and no theme was asked for. */
export const CARD_CSS = `
:root{color-scheme:light;--bg:#fff;--fg:#111827;--muted:#4b5563;--border:#e5e7eb;--chip:#f3f4f6;--accent:#4f46e5}
@media (prefers-color-scheme:dark){:root:not([data-theme=light]){color-scheme:dark;--bg:#111827;--fg:#f9fafb;--muted:#9ca3af;--border:#374151;--chip:#1f2937;--accent:#a5b4fc}}
:root[data-theme=dark]{color-scheme:dark;--bg:#111827;--fg:#f9fafb;--muted:#9ca3af;--border:#374151;--chip:#1f2937;--accent:#a5b4fc}
*{box-sizing:border-box}
html,body{margin:0;height:100%;background:transparent}
body{font:14px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg)}
.card{display:flex;height:100%;overflow:hidden;background:var(--bg);border:1px solid var(--border);border-radius:12px}
.cover{flex:0 0 34%;max-width:200px;align-self:center;aspect-ratio:16/9;margin-left:12px;overflow:hidden;border-radius:8px;background:var(--chip)}
.cover img{display:block;width:100%;height:100%;object-fit:cover}
.body{flex:1;min-width:0;display:flex;flex-direction:column;gap:2px;padding:12px 14px}
.name{margin:0;font-size:16px;font-weight:700;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.name a{color:inherit;text-decoration:none}
.name a:hover,.name a:focus-visible{text-decoration:underline}
.tagline{margin:0;color:var(--muted);font-size:13px;overflow:hidden;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical}
.maker{margin:0;color:var(--muted);font-size:12px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.foot{margin-top:auto;display:flex;align-items:center;gap:10px;padding-top:6px}
.votes{display:inline-flex;align-items:center;gap:5px;padding:3px 9px;border:1px solid var(--border);border-radius:8px;background:var(--chip);font-weight:700;font-variant-numeric:tabular-nums}
.votes svg{fill:currentColor}
.foot a{color:var(--accent);font-size:12px;font-weight:600;text-decoration:none;white-space:nowrap}
.foot a:hover,.foot a:focus-visible{text-decoration:underline}
.foot a.site{margin-left:auto;min-width:0;overflow:hidden;text-overflow:ellipsis;color:var(--muted);font-weight:500}
@media (max-width:400px){.cover{flex-basis:30%}.foot{gap:8px}}
@media (max-width:340px){.cover{display:none}}
`.trim();

/**
 * Keeps the vote count live: one websocket to the site's own realtime (Phoenix vsn 1.0.0, the
 * protocol supabase-js speaks), a postgres_changes join on this project's row as `anon` (RLS
 * decides, as for every subscriber), a heartbeat every 25 s, and a reconnect with backoff. After
 * each join the count is read once from the public REST API, so a vote between the page's drawing
 * (or a dropped socket) and the join is not missed. No cookie is read or written.
 */
export const CARD_SCRIPT = `
(function(){
var card=document.querySelector('[data-project]');
if(!card||!window.WebSocket||!window.fetch)return;
var id=card.getAttribute('data-project'),key=card.getAttribute('data-key'),votes=card.querySelector('.votes'),out=card.querySelector('.count');
var topic='realtime:embed-'+id,ref=0,joinRef='',delay=1000,beat=0,ws;
function show(n){if(typeof n!=='number')return;out.textContent=String(n);votes.setAttribute('aria-label',n+(n===1?' upvote':' upvotes'));}
function send(t,e,p,r){ws.send(JSON.stringify({topic:t,event:e,payload:p,ref:r||String(++ref),join_ref:t===topic?joinRef:null}));}
function refresh(){fetch('/rest/v1/projects?select=upvotes&id=eq.'+encodeURIComponent(id),{headers:{apikey:key},credentials:'omit'}).then(function(r){return r.ok?r.json():[];}).then(function(rows){if(rows[0])show(rows[0].upvotes);},function(){});}
function connect(){
ws=new WebSocket(location.origin.replace(/^http/,'ws')+'/realtime/v1/websocket?vsn=1.0.0&apikey='+encodeURIComponent(key));
ws.onopen=function(){delay=1000;joinRef=String(++ref);send(topic,'phx_join',{config:{broadcast:{self:false,ack:false},presence:{key:''},postgres_changes:[{event:'UPDATE',schema:'public',table:'projects',filter:'id=eq.'+id}],private:false}},joinRef);beat=setInterval(function(){send('phoenix','heartbeat',{});},25000);};
ws.onmessage=function(e){var m;try{m=JSON.parse(e.data);}catch(x){return;}
if(!m||m.topic!==topic||!m.payload)return;
if(m.event==='phx_reply'&&m.ref===joinRef&&m.payload.status==='ok'){card.setAttribute('data-live','');refresh();}
if(m.event==='postgres_changes'&&m.payload.data&&m.payload.data.record)show(m.payload.data.record.upvotes);};
ws.onclose=function(){clearInterval(beat);card.removeAttribute('data-live');setTimeout(connect,delay);delay=Math.min(delay*2,60000);};
}
connect();
})();
`.trim();

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The CSP source expressions that allow exactly these two. */
export const CARD_CSS_HASH = sha256(CARD_CSS);
export const CARD_SCRIPT_HASH = sha256(CARD_SCRIPT);
