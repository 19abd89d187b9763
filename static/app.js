/* Tabletop Companion page glue: live refresh, connection state, drafts, offline taps, attention cues.
 *
 * Fragments are merged with idiomorph (htmx "morph" extension), so a re-render never destroys what
 * the player is editing. What the player has chosen but not sent is also kept as a draft in this
 * tab's own sessionStorage (never sent anywhere) and put back after every re-render and reload.
 *
 * Nothing here belongs to one game. A game's own behaviour lives in static/<game folder>.js, which
 * base/layout.html links once per page after this file (never from inside a fragment), and which
 * talks to this file only through window.Companion:
 *   Companion.onFragment(fn)          fn(root) runs now with root = document, then after every live
 *                                     fragment is merged, with root = that fragment, once the
 *                                     player's drafts are back in its fields (so fn sees the form
 *                                     as the player left it). A game limits its options, starts its
 *                                     countdowns, reads what a fragment carries for this device.
 *   Companion.quietRefusal(sel, code) an answer with HTTP status `code` to a form matching `sel` is
 *                                     not shown (a refusal that only means "too late": another
 *                                     phone already moved the table on).
 *   Companion.announce(text)          say `text` (plain text) through the page's one polite live
 *                                     region, after what it is saying now (issue #36). A decision
 *                                     inside [data-says-itself] is announced by the game's script,
 *                                     not as "Your turn".
 * A game file may also listen to DOM events on document (clicks, changes, keys) like any page
 * script. The marks data-ticking and data-sent, set by a game's script on rendered elements, survive
 * every merge (a running countdown, a form already sent by script).
 */
(function () {
  "use strict";
  // Idiomorph moves kept nodes with the new state-preserving Element.moveBefore when the browser has
  // it. In Chromium 156 moving the focused control that way (a tapped button whose part a live
  // update replaces, focus kept for keyboard users) crashes the tab ("Target crashed" in the
  // board game's action browser test, after the Raven swap). Without it idiomorph uses
  // insertBefore, as in every browser before moveBefore: the page keeps working everywhere.
  [Element, Document, DocumentFragment].forEach(function (kind) {
    if (kind.prototype.moveBefore) { delete kind.prototype.moveBefore; }
  });
  var body = document.body;
  var lastVersion = 0;          // newest table version a fragment was rendered at
  var lastMessage = Date.now(); // last sign of life from the server
  var attention = false;
  var wakeLock = null;

  // htmx: show refusals (4xx) in the toast instead of ignoring them.
  htmx.config.responseHandling = [
    { code: "204", swap: false },
    { code: "[23]..", swap: true },
    { code: "[45]..", swap: true, error: false },
    { code: "...", swap: false }
  ];
  htmx.config.historyCacheSize = 0;       // never keep secret pages in htmx's history cache
  htmx.config.refreshOnHistoryMiss = true;
  htmx.config.defaultSwapStyle = "morph:innerHTML";   // every fragment is merged, not replaced

  function msg(name) { return body.dataset[name] || ""; }

  // -- the hooks a game's own file registers (see the top of this file) ------------------------------
  var fragmentHooks = [], quiet = [];
  function runHook(fn, root) {
    // One game hook failing must not stop the shared work after a merge: report it, go on.
    try { fn(root); } catch (err) { setTimeout(function () { throw err; }, 0); }
  }
  function fragmentMerged(root) { fragmentHooks.forEach(function (fn) { runHook(fn, root); }); }
  // -- the page's one polite live region (issue #36) -----------------------------------------------
  // What a screen reader says without the player looking: a decision opening for this device, the
  // player's own answer sealed, a reveal's public summary, the connection lost and back. Each is our
  // own text or words the page already shows this device, set as plain text: never another
  // device's secret. One message at a time, each left long enough to be read.
  var toSay = [], saying = false;
  function announce(text) {
    text = String(text || "").replace(/\s+/g, " ").trim();
    if (!text || toSay[toSay.length - 1] === text) { return; }
    toSay.push(text);
    if (!saying) { sayNext(); }
  }
  function sayNext() {
    var region = document.getElementById("announce");
    if (!region || !toSay.length) { saying = false; return; }
    saying = true;
    region.textContent = "";                 // the same words twice are still a change
    setTimeout(function () {
      region.textContent = toSay.shift();
      setTimeout(sayNext, 1200);
    }, 60);
  }

  window.Companion = Object.freeze({
    onFragment: function (fn) { fragmentHooks.push(fn); runHook(fn, document); },
    quietRefusal: function (selector, status) { quiet.push({ selector: selector, status: status }); },
    announce: announce
  });
  // A proxy's "bad gateway" or "gateway timeout" (502, 504): the proxy in front of several hosts
  // got no answer from the app, e.g. the host died mid-request (docs/deploy.md, "Losing a host").
  // It is not the app's answer: never shown, and a tap it ate may or may not have been applied, so
  // it is kept with its key and sent again, as a tap the network lost (htmx:sendError below).
  function noAnswer(status) { return status === 502 || status === 504; }
  // -- a busy server (issue 41): 503 with Retry-After means "nothing was done, come back then" -------
  // (companion/web/admit.py). A tap is kept with its idempotency key and the player's draft, listed
  // as waiting, said once through the live region, and sent again after the wait; a fragment keeps
  // what it shows (and what the player is typing) and is fetched again after the wait. A 503
  // without Retry-After (the disk is full, read-only) is shown as any refusal.
  function busyWait(status, retryAfter) {
    if (status !== 503 || retryAfter === null || retryAfter === undefined || retryAfter === "") { return 0; }
    var s = parseFloat(retryAfter);
    if (!(s >= 0)) { s = 2; }
    // up to half as much again at random, so the phones of a busy hall do not all come back at once
    return Math.round(Math.min(30, Math.max(1, s)) * 1000 * (1 + Math.random() / 2));
  }
  function busyXhr(xhr) { return xhr ? busyWait(xhr.status, xhr.getResponseHeader("Retry-After")) : 0; }
  document.addEventListener("htmx:beforeSwap", function (e) {
    var d = e.detail || {}, elt = d.requestConfig && d.requestConfig.elt, status = d.xhr && d.xhr.status;
    if (noAnswer(status)) { d.shouldSwap = false; return; }
    if (!elt || !elt.closest) { return; }
    quiet.forEach(function (q) { if (status === q.status && elt.closest(q.selector)) { d.shouldSwap = false; } });
    if (busyXhr(d.xhr) && (isAction(elt) || isFrag(elt))) { d.shouldSwap = false; }
  });

  function toast(text, kind) {
    var box = document.getElementById("toast");
    if (!box) { return; }
    var div = document.createElement("div");
    div.className = "toast " + (kind || "");
    div.textContent = text;               // our own message: plain text, never HTML
    box.replaceChildren(div);
  }

  // -- the player's own unsent choices: morph keeps them, drafts restore them -----------------------
  var dirty = new WeakSet();              // fields the player changed since they were rendered
  var picked = new WeakMap();             // dirty <select>: the value the player picked
  var served = new WeakMap();             // <details>: open as the server last rendered it

  if (window.Idiomorph) {
    Idiomorph.defaults.ignoreActiveValue = true;     // the field under the thumb keeps its text
    Idiomorph.defaults.callbacks.beforeAttributeUpdated = function (attr, el, type) {
      // A select is put back by value after the merge (see keepSelects): its options may move.
      if ((attr === "value" || attr === "checked") && dirty.has(el) && el.tagName !== "OPTION") { return false; }
      // Marks set by the page's own scripts (a running countdown, a form already auto-sent).
      if (type === "remove" && (attr === "data-ticking" || attr === "data-sent")) { return false; }
      if (attr === "open" && el.tagName === "DETAILS") {
        // Keep a panel as the player left it unless the server changed its mind (it opens a panel
        // when it is needed now).
        var now = type === "update";
        if (served.has(el) && served.get(el) === now) { return false; }
        served.set(el, now);
      }
      return true;
    };
    Idiomorph.defaults.callbacks.afterNodeMorphed = function (oldNode, newNode) {
      if (oldNode.tagName === "DETAILS") { served.set(oldNode, newNode.hasAttribute("open")); }
      // ignoreActiveValue also leaves the focused element's children alone. For a field that keeps
      // what the player is typing; a focused button (the one just tapped) or link would keep its old
      // words while becoming another control ("Done" on the button that now seals a plan): its
      // content follows the server's, copied node by node (never parsed from a string).
      if (oldNode === document.activeElement && oldNode.nodeType === 1 && newNode.nodeType === 1 &&
          !/^(INPUT|TEXTAREA|SELECT)$/.test(oldNode.tagName) &&
          !oldNode.querySelector("input, select, textarea") && oldNode.innerHTML !== newNode.innerHTML) {
        oldNode.replaceChildren.apply(oldNode, Array.prototype.map.call(newNode.childNodes, function (c) {
          return c.cloneNode(true);
        }));
      }
    };
  }

  function draftScope() {
    var el = document.querySelector("[data-draft-scope]");
    return el ? el.dataset.draftScope : null;
  }
  function isField(f) {
    return f.name && !/^(hidden|submit|button|reset|file)$/.test(f.type || "");
  }
  function formKey(form) {
    // A form is known by its hidden fields: the action type and what it answers (e.g. the prompt).
    var parts = [];
    form.querySelectorAll("input[type=hidden]").forEach(function (i) {
      if (i.name && i.name !== "csrf_token") { parts.push(i.name + "=" + i.value); }
    });
    return parts.join("&");
  }
  function draftKey(form) {
    var scope = draftScope();
    return scope ? "draft|" + scope + "|" + formKey(form) : null;
  }
  function fieldSlots(form, fn) {
    var seen = {};
    Array.prototype.forEach.call(form.elements, function (f) {
      if (!isField(f)) { return; }
      seen[f.name] = (seen[f.name] || 0) + 1;
      fn(f, f.name + "#" + seen[f.name]);
    });
  }
  function store() {
    try { return window.sessionStorage; } catch (err) { return null; }
  }
  function saveDraft(form) {
    var key = draftKey(form), s = store();
    if (!key || !s) { return; }
    var data = {}, any = false;
    fieldSlots(form, function (f, slot) {
      if (!dirty.has(f)) { return; }
      data[slot] = (f.type === "checkbox" || f.type === "radio") ? f.checked : f.value;
      any = true;
    });
    try {
      if (any) { s.setItem(key, JSON.stringify(data)); } else { s.removeItem(key); }
    } catch (err) { /* storage full or disabled: the morph still protects the page */ }
  }
  function clearDraft(form) {
    var key = draftKey(form), s = store();
    fieldSlots(form, function (f) { dirty.delete(f); picked.delete(f); });
    if (key && s) { s.removeItem(key); }
  }
  function restoreDrafts(root) {
    var s = store(), scope = draftScope();
    if (!s || !scope) { return; }
    var live = {};
    root.querySelectorAll("form.act").forEach(function (form) {
      var key = draftKey(form);
      live[key] = true;
      var raw = s.getItem(key);
      if (!raw) { return; }
      var data;
      try { data = JSON.parse(raw); } catch (err) { s.removeItem(key); return; }
      fieldSlots(form, function (f, slot) {
        if (!(slot in data)) { return; }
        var v = data[slot];
        if (f.type === "checkbox" || f.type === "radio") { f.checked = !!v; }
        else if (f.tagName === "SELECT") {
          if (!Array.prototype.some.call(f.options, function (o) { return o.value === v; })) { return; }
          f.value = v;
          picked.set(f, v);
        } else { f.value = v; }
        dirty.add(f);
        var d = f.closest("details");
        if (d && !d.open) { d.open = true; }   // show the player where their draft is
      });
    });
    // A draft whose form is gone belongs to a prompt that was answered or revealed: forget it.
    if (root.dataset && root.dataset.frag === "seat") {
      var prefix = "draft|" + scope + "|";
      for (var i = s.length - 1; i >= 0; i--) {
        var k = s.key(i);
        if (k && k.indexOf(prefix) === 0 && !live[k]) { s.removeItem(k); }
      }
    }
  }
  function keepSelects(root) {
    root.querySelectorAll("select").forEach(function (f) {
      if (!dirty.has(f) || !picked.has(f)) { return; }
      var v = picked.get(f);
      if (Array.prototype.some.call(f.options, function (o) { return o.value === v; })) { f.value = v; }
      else { dirty.delete(f); picked.delete(f); }   // that choice no longer exists: the server's stands
    });
  }
  function edited(e) {
    var f = e.target;
    if (f && f.tagName === "SELECT") { dirty.add(f); picked.set(f, f.value); }
    var form = f && f.form;
    if (!form || !form.classList.contains("act") || !isField(f)) { return; }
    dirty.add(f);
    if (f.type === "radio") {
      fieldSlots(form, function (other) { if (other.name === f.name) { dirty.add(other); } });
    }
    saveDraft(form);
  }
  document.addEventListener("input", edited);
  document.addEventListener("change", edited);

  // Stepper and quick-value buttons change a field by script (delegated handlers below): once
  // they have run, keep that field in the draft like a typed one.
  document.addEventListener("click", function (e) {
    var b = e.target && e.target.closest && e.target.closest("[data-step], [data-set-value]");
    if (!b || !b.form) { return; }
    setTimeout(function () {
      var f = b.hasAttribute("data-step") ? b.parentNode.querySelector("input[type=number]")
                                          : b.form.elements.value;
      if (f) { edited({ target: f }); }
    }, 0);
  });

  // -- fragments: one request at a time per fragment, never cancelled ------------------------------
  // A refresh asked while the fragment is loading, or while a tap inside it is being sent, waits
  // for that request and then runs once: no request ever cancels another (a cancelled post would
  // be a lost tap).
  function isFrag(el) { return !!(el && el.dataset && el.dataset.frag); }
  function fragOf(el) { return el && el.closest ? el.closest("[data-frag]") : null; }
  var busy = new WeakMap(), again = new WeakSet();

  function refresh() { htmx.trigger(body, "refresh"); }
  // One fragment only (the others were brought up to date by a progress event): the same gate as
  // a refresh, so it never cancels a request in flight.
  function refreshOne(frag) {
    if (busy.get(frag) || body.dataset.connection === "offline") { again.add(frag); return; }
    htmx.ajax("GET", frag.getAttribute("hx-get"), { source: frag }).catch(function () {});
  }

  // A progress event (companion/progress.py): the table moved from version d.from to d.v and, for
  // this phone, only its log gained the lines d.log (server-rendered, newest first). They are added
  // to the seat fragment when it shows exactly d.from and is not loading or sending; anything else
  // fetches, as an update would. The page's other fragments (host tools) fetch as usual.
  // A shared screen's progress event carries instead d.parts, the parts of its fragment that moved
  // (base/_tv.html, companion/web/live_patch.py): see applyParts.
  // Whether version v is news for this page: newer than anything it fetched, or newer than its
  // seat or screen fragment (which progress events bring forward on their own).
  function stale(v) {
    var main = document.querySelector("[data-frag=seat], [data-frag=screen]");
    return v > lastVersion || !!(main && fragVersion.has(main) && fragVersion.get(main) < v);
  }
  function applyProgress(d) {
    if (d.parts) { return applyParts(d); }
    var frag = document.querySelector("[data-frag=seat]");
    var list = frag && frag.querySelector("ol.log[data-lines]");
    if (!list || busy.get(frag) || fragVersion.get(frag) !== d.from || typeof d.log !== "string") { return false; }
    var lines = document.createElement("template");
    lines.innerHTML = d.log;
    if (lines.content.childElementCount) {   // an empty patch: nothing this phone shows changed
      list.querySelectorAll(":scope > li.muted").forEach(function (li) { li.remove(); });
      list.insertBefore(lines.content, list.firstChild);
    }
    var keep = parseInt(list.dataset.lines, 10) || 0;
    while (keep && list.children.length > keep) { list.removeChild(list.lastElementChild); }
    broughtUp(frag, d.v);
    return true;
  }
  // The screen's parts: put into the fragment's text as last fetched or pushed (which must be at
  // exactly d.from), each from its <!--p:NAME--> to its <!--/p:NAME-->, the result merged as a pushed
  // fragment (same swap, same hooks, same reveal said). A part the text lacks, or has twice: fetch.
  var fragText = new WeakMap();   // fragment -> {v, html}: the text it was last given whole
  function applyParts(d) {
    var frag = document.querySelector("[data-frag=screen]");
    var had = frag && fragText.get(frag);
    if (!had || had.v !== d.from || fragVersion.get(frag) !== d.from || typeof d.parts !== "object") { return false; }
    var html = had.html;
    for (var name in d.parts) {
      if (!Object.prototype.hasOwnProperty.call(d.parts, name)) { continue; }
      var open = "<!--p:" + name + "-->", close = "<!--/p:" + name + "-->";
      var a = html.indexOf(open), b = html.indexOf(close, a);
      if (!/^[\w-]+$/.test(name) || typeof d.parts[name] !== "string" || a < 0 || b < 0 ||
          html.indexOf(open, a + 1) >= 0) { return false; }
      html = html.slice(0, a) + d.parts[name] + html.slice(b + close.length);
    }
    return applyFragment({ frag: "screen", v: d.v, html: html });
  }
  // A fragment brought up to version v by a live event without a fetch: note it, and let the page's
  // other fragments (host tools, rules) fetch as an update would make them.
  function broughtUp(frag, v) {
    fragVersion.set(frag, v);
    if (v > lastVersion) { lastVersion = v; }
    document.querySelectorAll("[data-frag]").forEach(function (f) { if (f !== frag) { refreshOne(f); } });
  }

  // A fragment pushed on the event stream (companion/web/live_push.py): the text a fetch of d.frag
  // would have brought at version d.v, merged the same way (htmx.swap fires the same afterSwap and
  // afterSettle, so drafts, selects and the TV fit are kept as after a fetch). A fragment that is
  // loading or sending, or a page offline, fetches instead through the usual gate; a push no newer
  // than what the fragment shows changes nothing.
  function applyFragment(d) {
    if (typeof d.frag !== "string" || !/^[a-z]+$/.test(d.frag) || typeof d.html !== "string" || !(d.v > 0)) { return false; }
    var frag = document.querySelector("[data-frag=" + d.frag + "]");
    if (!frag) { return false; }
    if (fragVersion.has(frag) && fragVersion.get(frag) >= d.v) { return true; }
    if (busy.get(frag) || body.dataset.connection === "offline") { return false; }
    htmx.swap(frag, d.html, { swapStyle: frag.getAttribute("hx-swap") || htmx.config.defaultSwapStyle, ignoreTitle: true },
              { contextElement: frag, eventInfo: { elt: frag, target: frag, pushed: true } });
    again.delete(frag);
    fragText.set(frag, { v: d.v, html: d.html });
    broughtUp(frag, d.v);
    return true;
  }

  // The gate below replaces hx-sync on fragments: with "this:replace" a tap inside a fragment
  // would abort the fragment's own refresh (and the refresh a tap), so no fragment keeps one.
  document.querySelectorAll("[data-frag][hx-sync]").forEach(function (el) { el.removeAttribute("hx-sync"); });

  document.addEventListener("htmx:confirm", function (e) {
    var elt = e.detail && e.detail.elt;
    if (isAction(elt) && !elt.querySelector("button")) {
      elt.removeAttribute("hx-disabled-elt");   // a form sent by script has no button to disable
    }
    if (!isFrag(elt)) { return; }
    if (busy.get(elt) || body.dataset.connection === "offline") {
      e.preventDefault();
      again.add(elt);
    } else {
      again.delete(elt);    // this request brings the newest state
    }
  });
  document.addEventListener("htmx:beforeSend", function (e) {
    var frag = fragOf(e.detail && e.detail.elt);
    if (frag) { busy.set(frag, (busy.get(frag) || 0) + 1); }
  });
  var fragVersion = new WeakMap();   // fragment -> the table version its content was rendered at
  document.addEventListener("htmx:afterRequest", function (e) {
    var d = e.detail || {}, xhr = d.xhr, frag = fragOf(d.elt);
    var v = xhr && parseInt(xhr.getResponseHeader("X-Table-Version"), 10);
    if (v > lastVersion) { lastVersion = v; }
    if (frag && d.elt === frag && d.successful && v > 0) {
      fragVersion.set(frag, v);
      fragText.set(frag, { v: v, html: xhr.responseText });
    }
    if (xhr && xhr.status && !noAnswer(xhr.status)) { lastMessage = Date.now(); setConnection("online"); }
    var wait = frag && d.elt === frag ? busyXhr(xhr) : 0;
    if (wait) {
      again.delete(frag);   // not at once: after the server's Retry-After
      setTimeout(function () { refreshOne(frag); }, wait);
    }
    if (frag) {
      busy.set(frag, Math.max(0, (busy.get(frag) || 1) - 1));
      if (!busy.get(frag) && again.has(frag)) {
        // After htmx has finished with this request (a sync "replace" would abort it otherwise).
        setTimeout(function () {
          if (busy.get(frag) || !again.has(frag) || body.dataset.connection === "offline") { return; }
          again.delete(frag);
          htmx.ajax("GET", frag.getAttribute("hx-get"), { source: frag }).catch(function () {});
        }, 0);
      }
    }
  });

  // A swapped result that says what it is (the rules search's answer: data-announce) is spoken once
  // through the page's one live region; what the page showed when it loaded is not.
  function announceSwapped() {
    document.querySelectorAll("[data-announce]:not([data-announced])").forEach(function (el) {
      el.setAttribute("data-announced", "");
      if (loaded) { announce(el.getAttribute("data-announce")); }
    });
  }
  var loaded = false;
  document.addEventListener("DOMContentLoaded", function () { announceSwapped(); loaded = true; });
  document.addEventListener("htmx:afterSettle", announceSwapped);

  document.addEventListener("htmx:afterSwap", function (e) {
    var t = e.detail && e.detail.target;
    if (!isFrag(t)) { return; }
    t.querySelectorAll("details").forEach(function (d) { if (!served.has(d)) { served.set(d, d.open); } });
    keepSelects(t);
    restoreDrafts(t);
    limitCards(t);
    fragmentMerged(t);
    showQueue();
    buildDock();
    var el = t.querySelector("[data-attention]");
    if (el) {
      // Attention: buzz once when the table starts waiting on this phone; keep the screen awake.
      var now = el.dataset.attention === "yes";
      if (now && !attention) { cue(); }
      sayTurn(now);
      attention = now;
      keepAwake(now);
    }
    sayReveal(t);
    restoreFocus();
  });

  // "Your turn: <the decision>" once when a decision opens for this device, and again when another
  // decision follows while it still waits on this device (the words of its heading, as the dock).
  var turnSaid = null;
  function sayTurn(now) {
    if (!now) { turnSaid = null; return; }
    var buttons = decisionButtons();
    if (buttons.length && buttons[0].closest("[data-says-itself]")) { turnSaid = null; return; }
    var what = decisionHeading(buttons);
    if (!what) {
      var h = document.querySelector("#seat-frag .game-seat h2");
      what = h ? h.textContent.replace(/\s+/g, " ").trim() : "";
    }
    if (turnSaid === what) { return; }
    turnSaid = what;
    announce(what ? msg("msgTurn").replace("{what}", what) : msg("msgTurn").replace(/\W*\{what\}.*$/, ""));
  }
  // A reveal's summary, once, when it is newer than what this page showed when it opened.
  var revealSeen = null;
  function sayReveal(root) {
    if (!/^(seat|screen)$/.test(root.dataset.frag || "")) { return; }   // the fragments that carry it
    var r = root.querySelector("[data-reveal]");
    var seq = r ? parseInt(r.dataset.reveal, 10) || 0 : 0;
    if (revealSeen !== null && seq > revealSeen) { announce(r.textContent); }
    if (revealSeen === null || seq > revealSeen) { revealSeen = seq; }
  }
  document.addEventListener("companion-sealed", function () { announce(msg("msgSealed")); });

  // -- focus: a keyboard, switch or screen-reader user never starts again from the top -------------
  // The control last used inside a fragment is remembered by its form and its words; when a submit
  // or a live update leaves the focus nowhere (the button was disabled while sending, or the part
  // it was in is gone), it goes back to that control if it is still there, else to the next decision
  // (the first of the dock's buttons), else to the seat's heading. Never while the focus is somewhere.
  var focusWant = null;
  function controlOf(el) {
    var form = el.form || (el.closest && el.closest("form"));
    return { key: form ? formKey(form) : "", tag: el.tagName, name: el.name || "",
             label: (el.getAttribute("aria-label") || el.textContent || "").replace(/\s+/g, " ").trim() };
  }
  function sameControl(a, b) { return a.key === b.key && a.tag === b.tag && a.name === b.name && a.label === b.label; }
  document.addEventListener("focusin", function (e) {
    var t = e.target, frag = fragOf(t);
    if (frag && t !== frag && t.matches && t.matches("button, input, select, textarea, a[href], summary")) {
      focusWant = controlOf(t);
    }
  });
  function lost() {
    var a = document.activeElement;
    return !a || a === body || a === document.documentElement || !document.contains(a);
  }
  function restoreFocus() {
    if (!focusWant || !lost()) { return; }
    var want = focusWant, found = null;
    document.querySelectorAll("[data-frag] :is(button, input, select, textarea, a[href], summary)").forEach(function (el) {
      if (!found && !el.disabled && el.type !== "hidden" && el.getClientRects().length && sameControl(controlOf(el), want)) {
        found = el;
      }
    });
    if (!found) { found = decisionButtons()[0] || document.querySelector("#seat-frag h1[tabindex]"); }
    if (found) { found.focus({ preventScroll: true }); }
  }

  // -- actions: an idempotency key per tap; a tap made offline waits and is sent once --------------
  var QUEUE = "companion.queue";
  function newKey() {
    var a = new Uint8Array(16);
    window.crypto.getRandomValues(a);
    return Array.prototype.map.call(a, function (b) { return (b + 256).toString(16).slice(1); }).join("");
  }
  function readQueue() {
    var s = store();
    try { return JSON.parse((s && s.getItem(QUEUE)) || "[]"); } catch (err) { return []; }
  }
  function writeQueue(q) {
    var s = store();
    if (!s) { return; }
    if (q.length) { s.setItem(QUEUE, JSON.stringify(q)); } else { s.removeItem(QUEUE); }
  }
  function isAction(elt) { return !!(elt && elt.matches && elt.matches("form.act")); }

  document.addEventListener("htmx:configRequest", function (e) {
    var elt = e.detail.elt;
    if (!isAction(elt)) { return; }
    // The same tap keeps its key through retries, so the server applies it at most once.
    elt.idemKey = elt.idemKey || newKey();
    e.detail.headers["Idempotency-Key"] = elt.idemKey;
  });

  function tapLabel(elt, cfg) {
    // What the player tapped, in their words: the button's label (or the form's first button).
    var ev = cfg.triggeringEvent, b = ev && ev.submitter;
    if (!b || !elt.contains(b)) { b = elt.querySelector("button"); }
    var text = b ? (b.getAttribute("aria-label") || b.textContent || "") : "";
    return text.replace(/\s+/g, " ").trim().slice(0, 60);
  }
  function tapId(path, elt) { return path + "|" + formKey(elt); }
  function queueTap(elt, cfg, note, busyFor) {
    var params = [];
    if (cfg.formData) { cfg.formData.forEach(function (v, k) { params.push([k, String(v)]); }); }
    var q = readQueue(), id = tapId(cfg.path, elt), flat = JSON.stringify(params);
    // The same tap twice while offline is one tap: the form is disabled once queued, and a repeat
    // that slips through (a double tap) is not queued again.
    var dup = q.some(function (x) { return x.id === id && JSON.stringify(x.params) === flat; });
    if (!dup) {
      q.push({ path: cfg.path, params: params, key: elt.idemKey || newKey(), id: id,
               label: tapLabel(elt, cfg), form: draftKey(elt), at: Date.now(), busy: !!busyFor });
      writeQueue(q);
    }
    elt.idemKey = null;
    toast(note || msg("msgQueued"), "queued");
    showQueue();
    if (busyFor) {
      announce(note);
      setTimeout(flushQueue, busyFor);
    }
  }
  // -- taps waiting for the connection: listed under the offline banner, their buttons disabled ---
  function showQueue() {
    var q = readQueue(), box = document.getElementById("queued");
    var waiting = {};
    q.forEach(function (x) { if (x.id) { waiting[x.id] = true; } });
    document.querySelectorAll("form.act").forEach(function (f) {
      var id = tapId(f.getAttribute("hx-post") || "", f), on = !!waiting[id];
      if (on === f.hasAttribute("data-queued")) { return; }
      if (on) { f.setAttribute("data-queued", ""); } else { f.removeAttribute("data-queued"); }
      f.querySelectorAll("button").forEach(function (b) { b.disabled = on; });
    });
    if (!box) { return; }
    var list = box.querySelector("ol");
    list.replaceChildren();
    q.forEach(function (x) {
      var li = document.createElement("li");
      li.textContent = x.label || "…";          // the button's own label: plain text, never HTML
      list.appendChild(li);
    });
    box.hidden = !q.length;
  }

  document.addEventListener("htmx:beforeRequest", function (e) {
    var elt = e.detail.elt;
    if (!isAction(elt)) { return; }
    if (body.dataset.connection === "offline") {
      e.preventDefault();
      queueTap(elt, e.detail.requestConfig || {});
      return;
    }
    // A field the player typed in no longer needs protecting from the merge; a button keeps the
    // focus (it comes back to it, or to the next decision, once the answer is in: restoreFocus).
    var a = document.activeElement;
    if (a && a.blur && /INPUT|SELECT|TEXTAREA/.test(a.tagName)) { a.blur(); }
  });
  document.addEventListener("htmx:sendError", function (e) {
    // The request never got an answer: it may or may not have arrived. Queue it with the same key.
    var elt = e.detail.elt;
    setConnection("offline");
    if (isAction(elt)) { queueTap(elt, e.detail.requestConfig || {}); }
  });
  document.addEventListener("htmx:afterRequest", function (e) {
    var elt = e.detail.elt, xhr = e.detail.xhr;
    if (!isAction(elt) || !xhr || !xhr.status) { return; }
    if (noAnswer(xhr.status)) {
      // the app never answered (its host died): queued with the same key; the probe finds a live
      // host (through the proxy) at once, and the queue is sent when the page is online again
      setConnection("offline");
      queueTap(elt, e.detail.requestConfig || {});
      probe();
      return;
    }
    var wait = busyXhr(xhr);
    if (wait) {
      // The server did nothing with it: the same tap (same key, same fields) waits and goes again;
      // the draft stays until the table accepts it.
      queueTap(elt, e.detail.requestConfig || {}, msg("msgBusy"), wait);
      setTimeout(restoreFocus, 0);
      return;
    }
    elt.idemKey = null;                        // answered: the next tap is a new one
    // Our htmx settings swap a refusal (4xx) like an answer, so htmx calls it "successful": the
    // draft is forgotten only when the table accepted the tap (a refused plan keeps every pick).
    if (e.detail.successful && xhr.status < 400) { clearDraft(elt); }
    setTimeout(restoreFocus, 0);               // after htmx enables the sent form's buttons again
  });

  var flushing = false;
  function flushQueue() {
    var q = readQueue();
    if (flushing || !q.length || body.dataset.connection === "offline") { return; }
    flushing = true;
    var item = q[0];
    var headers = { "HX-Request": "true", "Idempotency-Key": item.key,
                    "Content-Type": "application/x-www-form-urlencoded" };
    try {
      var extra = JSON.parse(body.getAttribute("hx-headers") || "{}");
      Object.keys(extra).forEach(function (k) { headers[k] = extra[k]; });
    } catch (err) { /* no CSRF header: the server will refuse visibly */ }
    fetch(item.path, { method: "POST", headers: headers, credentials: "same-origin",
                       body: new URLSearchParams(item.params).toString() })
      .then(function (r) {
        if (noAnswer(r.status)) {   // not applied, or not known to be: it stays first in the queue,
          flushing = false;         // sent again when a probe (every 2 s) finds the page online
          setConnection("offline");
          return null;
        }
        var wait = busyWait(r.status, r.headers.get("Retry-After"));
        if (wait) {            // still busy: nothing was done; the tap stays first in the queue
          flushing = false;
          setTimeout(flushQueue, wait);
          return null;
        }
        return r.text().then(function (text) {
          var rest = readQueue().filter(function (x) { return x.key !== item.key; });
          writeQueue(rest);
          showQueue();
          if (r.ok) {
            toast(msg(item.busy ? "msgBusySent" : "msgSent"), "ok");
            var s = store();
            if (item.form && s) { s.removeItem(item.form); }
          } else {
            // Refused now (the table moved on, or the form expired): say so, never drop silently.
            var box = document.getElementById("toast");
            if (box) { box.innerHTML = text; htmx.process(box); }
          }
          flushing = false;
          refresh();
          if (rest.length) { flushQueue(); }
        });
      })
      .catch(function () { flushing = false; setConnection("offline"); });
  }

  // -- connection state: <body data-connection>, a banner, and the truth re-rendered on return ----
  // "online": the live stream is open (or the page has none) and the server answers; "lost": the
  // server answers but the live stream is refused (a 503 or 429: too many connections) or dropped,
  // so the page would go stale: the banner says so at once, taps are still sent and the stream is
  // retried with backoff (issue #37: a refused stream left a phone on an old step, no banner);
  // "offline": the server does not answer: taps wait in the queue.
  function setConnection(state, first) {
    var was = body.dataset.connection;
    if (state === "online" && !liveOk()) { state = "lost"; }
    if (was === state && !first) { return; }
    body.dataset.connection = state;
    var banner = document.getElementById("conn-banner");
    if (banner) {
      banner.hidden = state === "online";
      var text = banner.dataset[state === "lost" ? "lost" : "offline"];
      if (text && banner.textContent !== text) { banner.textContent = text; }
      // said through the page's one polite live region (the banner itself is not one, issue #36)
      if (!first) { announce(state === "online" ? msg("msgOnline") : banner.textContent); }
    }
    var dot = document.getElementById("live-dot");
    if (dot) { dot.className = "live-dot " + (state === "online" ? "on" : "off"); }
    if (!first && state !== "offline" && was !== state) { refresh(); flushQueue(); }
  }

  var source = null;       // the page's one EventSource
  var streamDown = false;  // its last attempt failed or dropped, and none has opened since
  function liveOk() { return !streamDown; }
  // Reconnecting after an error: 1 s, then doubling up to 30 s, each ±25 % so a room of phones
  // refused together does not come back together. Any message from the stream resets it.
  var RETRY_FIRST = 1000, RETRY_MAX = 30000;
  // A stream that says nothing for two heartbeats and more (the server sends one every 15 s,
  // companion/live.py) is dead though it looks open: its host vanished without closing it (a
  // power cut behind a proxy, docs/deploy.md; an access point that forgot the connection). The
  // page replaces it, as one that broke; probes alone would keep saying "online" meanwhile.
  var STREAM_SILENT = 40000, lastStreamMessage = Date.now();
  var retryDelay = 0, retryTimer = null;
  function scheduleReconnect() {
    if (retryTimer) { return; }
    retryDelay = retryDelay ? Math.min(retryDelay * 2, RETRY_MAX) : RETRY_FIRST;
    var wait = Math.round(retryDelay * (0.75 + Math.random() * 0.5));
    retryTimer = setTimeout(function () { retryTimer = null; connect(); }, wait);
  }
  function connectNow() {
    retryDelay = 0;
    if (retryTimer) { clearTimeout(retryTimer); retryTimer = null; }
    connect();
  }
  function connect() {
    var live = document.getElementById("live");
    if (!live || !live.dataset.stream || !window.EventSource) { return; }
    if (source) { source.close(); }
    var mine = source = new EventSource(live.dataset.stream);
    source.onopen = function () {
      streamDown = false; lastMessage = lastStreamMessage = Date.now(); setConnection("online");
    };
    source.onerror = function () {
      if (mine !== source || mine.readyState === EventSource.OPEN) { return; }
      // refused (CLOSED) or dropped (the browser would retry at once, forever): our own backoff
      mine.close();
      streamDown = true;
      // still lost after a retry: fetch the page's fragments once per attempt, so a phone whose
      // stream stays refused is never more than one backoff step behind the table
      if (body.dataset.connection === "lost") { refresh(); }
      setConnection(body.dataset.connection === "offline" ? "offline" : "lost");
      scheduleReconnect();
      probe();   // is the server there at all? (then "lost", else "offline")
    };
    function seen() {
      retryDelay = 0; streamDown = false; lastMessage = lastStreamMessage = Date.now(); setConnection("online");
    }
    source.addEventListener("ping", seen);
    source.addEventListener("update", function (e) {
      seen();
      var v = parseInt(e.data, 10);
      if (isNaN(v) || stale(v)) { refresh(); }
    });
    source.addEventListener("progress", function (e) {
      seen();
      var d = null;
      try { d = JSON.parse(e.data); } catch (err) { d = null; }
      if (d && !stale(d.v)) { return; }
      if (!d || !applyProgress(d)) { refresh(); }
    });
    source.addEventListener("fragment", function (e) {
      seen();
      var d = null;
      try { d = JSON.parse(e.data); } catch (err) { d = null; }
      if (!d || !applyFragment(d)) { refresh(); }
    });
  }
  function reconnect() { connectNow(); refresh(); }

  // A stream can die silently (Wi-Fi gone without a word): when it has been quiet for a moment, ask
  // the server directly (a tiny 204) so the phone says "offline" within seconds, not minutes.
  var probing = false;
  function probe() {
    var live = document.getElementById("live");
    if (probing || !live || !live.dataset.probe) { return; }
    probing = true;
    var ctl = window.AbortController ? new AbortController() : null;
    var timer = setTimeout(function () { if (ctl) { ctl.abort(); } }, 2000);
    fetch(live.dataset.probe, { cache: "no-store", credentials: "same-origin", signal: ctl && ctl.signal })
      .then(function () {
        var wasOffline = body.dataset.connection === "offline";
        lastMessage = Date.now();
        // the server is back after a loss of the network: the stream now, not after the backoff
        if (wasOffline && !liveOk()) { connectNow(); }
        setConnection("online");   // "lost" while the stream is not open
      })
      .catch(function () { setConnection("offline"); })
      .then(function () { clearTimeout(timer); probing = false; });
  }

  window.addEventListener("offline", function () { setConnection("offline"); });
  window.addEventListener("online", function () { connectNow(); probe(); });
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") { reconnect(); keepAwake(attention); }
  });
  window.addEventListener("pageshow", function (e) { if (e.persisted) { reconnect(); } });
  setInterval(function () {
    if (document.visibilityState !== "visible") { return; }
    if (Date.now() - lastMessage >= 2000) { probe(); }
    if (source && source.readyState === EventSource.CLOSED) { scheduleReconnect(); }
    if (source && source.readyState === EventSource.OPEN && Date.now() - lastStreamMessage > STREAM_SILENT) {
      connectNow();
    }
  }, 2000);

  // -- attention ----------------------------------------------------------------------------------
  // Phones only allow sound after a tap: make the audio context on the first one.
  function unlockAudio() {
    var Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) { return; }
    try {
      cue.ctx = cue.ctx || new Ctx();
      if (cue.ctx.state === "suspended") { cue.ctx.resume(); }
    } catch (err) { /* no audio */ }
  }
  document.addEventListener("pointerdown", unlockAudio, { passive: true });

  function cue() {
    body.classList.remove("flash");
    void body.offsetWidth;                       // restart the animation
    body.classList.add("flash");                 // iPhones cannot vibrate: a visible flash too
    try { if (navigator.vibrate && navigator.userActivation && navigator.userActivation.hasBeenActive) { navigator.vibrate([120, 80, 120]); } } catch (err) { /* not allowed */ }
    try {
      var ctx = cue.ctx;
      if (!ctx || ctx.state !== "running") { return; }
      var osc = ctx.createOscillator(), gain = ctx.createGain();
      osc.frequency.value = 660; gain.gain.value = 0.08;
      osc.connect(gain); gain.connect(ctx.destination);
      osc.start(); osc.stop(ctx.currentTime + 0.15);
    } catch (err) { /* audio needs a first tap on some phones */ }
  }

  function keepAwake(on) {
    if (!("wakeLock" in navigator)) { return; }
    if (on && !wakeLock && document.visibilityState === "visible") {
      navigator.wakeLock.request("screen").then(function (lock) {
        wakeLock = lock;
        lock.addEventListener("release", function () { wakeLock = null; });
      }).catch(function () {});
    } else if (!on && wakeLock) {
      wakeLock.release().catch(function () {});
      wakeLock = null;
    }
  }

  // -- each card at most once per form: options already on another select are not offered ----------
  // Options carry data-card (the card; both sides of a two-sided card share one); a form may cap how
  // many options of one kind it holds with data-cap-NAME on the form and data-cap="NAME" on them.
  function limitCards(root) {
    (root.matches && root.matches("form") ? [root] : root.querySelectorAll("form")).forEach(function (form) {
      if (!form.querySelector("option[data-card], option[data-cap]")) { return; }
      var taken = {}, count = {};
      form.querySelectorAll("select").forEach(function (sel) {
        var o = sel.selectedOptions[0];
        if (!o) { return; }
        if (o.dataset.card) { taken[o.dataset.card] = sel; }
        if (o.dataset.cap) { count[o.dataset.cap] = (count[o.dataset.cap] || 0) + 1; }
      });
      form.querySelectorAll("select").forEach(function (sel) {
        Array.prototype.forEach.call(sel.options, function (o) {
          if (o.selected) { o.disabled = false; return; }
          var cap = o.dataset.cap && parseInt(form.dataset["cap" + o.dataset.cap.charAt(0).toUpperCase() + o.dataset.cap.slice(1)], 10);
          o.disabled = !!(o.dataset.card && taken[o.dataset.card] && taken[o.dataset.card] !== sel) ||
                       !!(o.dataset.cap && cap >= 0 && (count[o.dataset.cap] || 0) >= cap);
        });
      });
    });
  }
  document.addEventListener("change", function (e) {
    if (e.target && e.target.form) { limitCards(e.target.form); }
  });

  // -- in-page confirmations (never the browser's native dialog) ---------------------------------------
  // hx-confirm questions, and a secret about to be sealed with empty spaces (forms with
  // data-partial: the template's sentence with {list} for the empty fields' labels), are asked in a
  // sheet at the bottom of the screen, where the thumb already is.
  var pending = null;
  function ask(question, yesLabel, go) {
    var sheet = document.getElementById("ask");
    if (!sheet) { go(); return; }
    pending = go;
    sheet.querySelector(".ask-q").textContent = question;   // plain text, never HTML
    sheet.querySelector("[data-ask=yes]").textContent = yesLabel || msg("msgYes");
    sheet.hidden = false;
    sheet.querySelector("[data-ask=yes]").focus({ preventScroll: true });
  }
  function closeAsk() {
    var sheet = document.getElementById("ask");
    if (sheet) { sheet.hidden = true; }
    pending = null;
    schedulePlace();
  }
  document.addEventListener("click", function (e) {
    var b = e.target && e.target.closest && e.target.closest("[data-ask]");
    if (!b) { return; }
    var go = pending;
    closeAsk();
    if (b.dataset.ask === "yes" && go) { go(); }
  });
  document.addEventListener("keydown", function (e) { if (e.key === "Escape" && pending) { closeAsk(); } });

  function emptyFields(form) {
    var names = [];
    form.querySelectorAll("select[data-slot]").forEach(function (sel) {
      if (!sel.value) { names.push(sel.dataset.slot); }
    });
    return names;
  }
  // A form the server refuses while fields are empty (data-required) asks nothing: it names them and
  // its one button takes the player to the first (issue #37: "Place them anyway?" was always refused).
  function missing(form) {
    var empty = emptyFields(form);
    if (!form.dataset.required || !empty.length) { return null; }
    if (form.dataset.need) {
      var filled = Array.prototype.filter.call(form.querySelectorAll("select[data-fills]"),
        function (sel) { return !!sel.value; }).length;
      if (filled >= parseInt(form.dataset.need, 10)) { return null; }
    }
    return empty;
  }
  function showEmpty(form) {
    var sel = Array.prototype.filter.call(form.querySelectorAll("select[data-slot]"),
      function (s) { return !s.value; })[0];
    if (!sel) { return; }
    var shut = sel.closest("details:not([open])");
    if (shut) { shut.open = true; }
    sel.classList.add("needed");
    sel.scrollIntoView({ block: "center" });
    sel.focus({ preventScroll: true });
    try { if (sel.showPicker) { sel.showPicker(); } } catch (err) { /* not allowed here: focused is enough */ }
  }
  document.addEventListener("change", function (e) {
    if (e.target && e.target.classList && e.target.classList.contains("needed") && e.target.value) {
      e.target.classList.remove("needed");
    }
  });
  document.addEventListener("htmx:confirm", function (e) {
    var d = e.detail || {}, elt = d.elt;
    if (!elt || !elt.dataset || isFrag(elt)) { return; }
    var question = d.question;
    var need = isAction(elt) && missing(elt);
    if (need) {
      e.preventDefault();
      ask(elt.dataset.required.replace("{list}", need.join(", ")), elt.dataset.go, function () { showEmpty(elt); });
      return;
    }
    if (isAction(elt)) {
      var partial = elt.dataset.partial && emptyFields(elt);
      var num = elt.dataset.zero && elt.querySelector("input[name=value]");
      if (num && num.value === "0" && !dirty.has(num)) { question = elt.dataset.zero; }
      if (partial && partial.length) {
        question = elt.dataset.partial.replace("{list}", partial.join(", "));
        if (partial.length === elt.querySelectorAll("select[data-slot]").length && elt.dataset.empty) {
          question = elt.dataset.empty;
        }
      }
    }
    if (!question) { return; }
    e.preventDefault();
    ask(question, elt.dataset.partialYes, function () { d.issueRequest(true); });
  });

  // -- the decision dock: the current decision's buttons pinned where the thumb is -------------------
  // Like a game site's status bar: when the buttons that answer what the table waits for are not on
  // the screen (below the fold, or pushed away by a re-render), copies sit at the bottom of the
  // screen. A copy only taps the real button, so the form, its fields and its checks stay one.
  function decisionButtons() {
    var root = document.querySelector("#seat-frag .game-seat");
    if (!root) { return []; }
    var marked = root.querySelectorAll("[data-decide]");
    var list = marked.length ? Array.prototype.slice.call(marked)
      : Array.prototype.slice.call(root.querySelectorAll("form.act button.primary"));
    return list.filter(function (b) {
      var shut = b.closest("details:not([open])");
      return !shut && !b.closest("[data-no-dock]") && b.offsetParent !== null;
    }).slice(0, 4);
  }
  // The words that name a decision: its holder's data-decide-title, else its section's heading.
  function decisionHeading(buttons) {
    var head = "";
    if (buttons.length) {
      var holder = buttons[0].closest("[data-decide-title]");
      if (holder) { head = holder.dataset.decideTitle; }
      else {
        var sec = buttons[0].closest("section, .card");
        var h = sec && sec.querySelector("h2, .bigline");
        head = h ? h.textContent : "";
      }
    }
    return head.replace(/\s+/g, " ").trim();
  }
  function onScreen(b) {
    var r = b.getBoundingClientRect(), top = 0, bar = document.querySelector("header.top");
    if (bar) { top = bar.getBoundingClientRect().bottom; }
    return r.top >= top && r.bottom <= window.innerHeight && r.height > 0;
  }
  var dockFor = [];
  function placeDock() {
    var dock = document.getElementById("dock");
    if (!dock) { return; }
    var show = dockFor.length > 0 && !dockFor.every(onScreen) && !pending;
    if (dock.hidden === !show) { return; }
    dock.hidden = !show;
    body.classList.toggle("docked", show);
  }
  function buildDock() {
    var dock = document.getElementById("dock");
    if (!dock) { return; }
    dockFor = decisionButtons();
    var row = dock.querySelector(".dock-buttons"), title = dock.querySelector(".dock-title");
    row.replaceChildren();
    title.textContent = decisionHeading(dockFor);
    dockFor.forEach(function (b) {
      var copy = document.createElement("button");
      copy.type = "button";
      copy.className = "btn" + (b.classList.contains("primary") ? " primary" : "") + (b.classList.contains("warn") ? " warn" : "");
      // The label is drawn by CSS (attr(data-label)), not as text: the page keeps one text for one
      // button, so a search for the button's words (or a screen reader's list) finds the real one.
      var label = (b.getAttribute("aria-label") || b.textContent || "").replace(/\s+/g, " ").trim();
      copy.dataset.label = label;
      copy.setAttribute("aria-label", label);
      copy.disabled = b.disabled;
      copy.addEventListener("click", function () {
        if (b.disabled || !document.body.contains(b)) { return; }
        focusWant = controlOf(b);
        b.click();
      });
      row.appendChild(copy);
    });
    // The room the dock needs below the page is kept while there is a decision, shown or not: a
    // page that changed height as the dock came and went would move the button under the thumb.
    body.classList.toggle("has-dock", dockFor.length > 0);
    dock.hidden = true;
    body.classList.remove("docked");
    placeDock();
  }
  var placing = false;
  function schedulePlace() {
    if (placing) { return; }
    placing = true;
    window.requestAnimationFrame(function () { placing = false; placeDock(); });
  }
  window.addEventListener("scroll", schedulePlace, { passive: true });
  window.addEventListener("resize", schedulePlace);
  // A part the player opens on the seat (a build, a card to play) is brought into reach: what it
  // shows moves up above the dock (or the screen's bottom), its summary never above the header.
  function reveal(part) {
    var r = part.getBoundingClientRect(), bar = document.querySelector("header.top");
    var dock = document.getElementById("dock");
    var bottom = dock && !dock.hidden ? dock.getBoundingClientRect().top : window.innerHeight;
    var room = r.top - (bar ? bar.getBoundingClientRect().bottom : 0);
    var by = Math.min(r.bottom - bottom, room);
    if (by > 0) { window.scrollBy(0, by); }
  }
  document.addEventListener("toggle", function (e) {
    buildDock();
    var part = e.target;
    if (part.open && part.tagName === "DETAILS" && part.closest("#seat-frag")) { reveal(part); }
  }, true);
  document.addEventListener("htmx:afterRequest", function (e) {
    if (isAction(e.detail && e.detail.elt)) { window.setTimeout(buildDock, 0); }
  });

  setConnection(navigator.onLine === false ? "offline" : "online", true);
  connect();
  showQueue();
  flushQueue();
})();

/* ==== security: delegated handlers (CSP script-src 'self': no inline onclick/oninput/<script>) ====
 * Owned by the security work; kept self-contained so the rest of this file can change freely.
 * Markup declares behaviour with data attributes:
 *   data-step="±n"        stepper button: add n to the number input beside it (within min/max)
 *   data-set-value="n"    quick button: set its form's "value" field
 *   data-dismiss          close button: remove its parent element (a toast)
 *   data-clear="id"       empty the element with that id (the modal)
 *   data-filter="sel"     search box: hide the sibling items matching sel whose data-hay lacks the text
 *   data-pick-list="id" data-pick-into="name"  datalist input: copy the picked option's data-id
 * A game's own handlers live in its static/<game folder>.js, under the same rule.
 */
(function () {
  "use strict";
  function closest(el, sel) { return el && el.closest ? el.closest(sel) : null; }

  document.addEventListener("click", function (e) {
    var t = e.target, el;
    if ((el = closest(t, "[data-step]"))) {
      var input = el.parentNode.querySelector("input[type=number]");
      if (input) {
        var v = (parseInt(input.value, 10) || 0) + (parseInt(el.dataset.step, 10) || 0);
        if (input.min !== "" && v < +input.min) { v = +input.min; }
        if (input.max !== "" && v > +input.max) { v = +input.max; }
        input.value = v;
      }
    } else if ((el = closest(t, "[data-set-value]"))) {
      if (el.form && el.form.elements.value) { el.form.elements.value.value = el.dataset.setValue; }
    } else if ((el = closest(t, "[data-dismiss]"))) {
      if (el.parentElement) { el.parentElement.remove(); }
    } else if ((el = closest(t, "[data-clear]"))) {
      var box = document.getElementById(el.dataset.clear);
      if (box) { box.innerHTML = ""; }
    }
  });

  document.addEventListener("input", function (e) {
    var el = e.target;
    if (el.dataset && el.dataset.filter) {
      var q = el.value.toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "");
      el.parentNode.querySelectorAll(el.dataset.filter).forEach(function (li) {
        li.hidden = !!q && (li.dataset.hay || "").indexOf(q) < 0;
      });
    } else if (el.dataset && el.dataset.pickList && el.form) {
      var opts = document.querySelectorAll("#" + el.dataset.pickList + " option"), id = "";
      opts.forEach(function (o) { if (o.value === el.value) { id = o.dataset.id; } });
      el.form.elements[el.dataset.pickInto].value = id;
    }
  });
})();
/* ==== end security: delegated handlers ==== */
