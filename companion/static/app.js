/* Tabletop Companion page glue: live refresh, wake-up recovery, attention cues. No framework. */
(function () {
  "use strict";
  var lastVersion = 0;
  var lastMessage = Date.now();
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

  function refresh() { htmx.trigger(document.body, "refresh"); }

  function dot(state) {
    var el = document.getElementById("live-dot");
    if (el) { el.className = "live-dot " + state; }
  }

  var source = null;   // the page's one EventSource, closed before a reconnect opens another
  document.addEventListener("htmx:sseOpen", function (e) {
    if (e.detail && e.detail.source) { source = e.detail.source; }
    dot("on"); lastMessage = Date.now();
  });
  document.addEventListener("htmx:sseError", function () { dot("off"); });
  document.addEventListener("htmx:sseMessage", function (e) {
    lastMessage = Date.now();
    dot("on");
    var v = parseInt(e.detail && e.detail.data, 10);
    if (e.detail && e.detail.type === "update" && !(v <= lastVersion)) { refresh(); }
  });

  // Remember the newest version a fragment was rendered at (header set by the server).
  document.addEventListener("htmx:afterRequest", function (e) {
    var xhr = e.detail.xhr;
    var v = xhr && parseInt(xhr.getResponseHeader("X-Table-Version"), 10);
    if (v > lastVersion) { lastVersion = v; }
  });

  // Do not re-render a fragment under a thumb that is typing: refresh when the field is left.
  var deferred = false;
  document.addEventListener("htmx:beforeRequest", function (e) {
    var frag = e.detail.elt;
    if (frag.matches && frag.matches("form.act, form[hx-post]")) {
      // The player submitted: the field they typed in no longer needs protecting.
      if (document.activeElement && document.activeElement.blur) { document.activeElement.blur(); }
      deferred = false;
      return;
    }
    if (!frag.dataset || !frag.dataset.frag) { return; }
    var active = document.activeElement;
    if (active && frag.contains(active) && /INPUT|SELECT|TEXTAREA/.test(active.tagName) && active.type !== "hidden"
        && active.type !== "radio" && active.type !== "checkbox") {
      e.preventDefault();
      deferred = true;
    }
  });
  document.addEventListener("focusout", function () {
    if (deferred) { deferred = false; setTimeout(refresh, 50); }
  });

  // Keep <details> the player opened (or closed) as they were when a fragment re-renders, unless
  // the server changed its mind about that panel (it opens one when it is needed now).
  function detailsKey(d, seen) {
    var summary = d.querySelector("summary");
    var key = d.id || (summary ? summary.textContent.trim() : "details");
    seen[key] = (seen[key] || 0) + 1;
    return key + "#" + seen[key];
  }
  var detailsState = {};
  document.addEventListener("htmx:beforeSwap", function (e) {
    var t = e.detail.target;
    if (!t || !t.dataset || !t.dataset.frag) { return; }  // an SSE message swaps nothing: no target
    var seen = {}, state = {};
    t.querySelectorAll("details").forEach(function (d) {
      state[detailsKey(d, seen)] = { open: d.open, served: d.dataset.served };
    });
    detailsState[t.id] = state;
  });
  document.addEventListener("htmx:afterSwap", function (e) {
    var t = e.detail.target;
    if (!t || !t.dataset || !t.dataset.frag) { return; }
    var state = detailsState[t.id] || {}, seen = {};
    t.querySelectorAll("details").forEach(function (d) {
      var key = detailsKey(d, seen), served = d.open ? "1" : "0", before = state[key];
      d.dataset.served = served;
      if (before && before.served === served) { d.open = before.open; }
    });
  });

  // Attention: buzz once when the table starts waiting on this phone; keep the screen awake.
  document.addEventListener("htmx:afterSwap", function (e) {
    var el = e.detail.target && e.detail.target.querySelector && e.detail.target.querySelector("[data-attention]");
    if (!el) { return; }
    var now = el.dataset.attention === "yes";
    if (now && !attention) { cue(); }
    attention = now;
    keepAwake(now);
  });

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
    document.body.classList.remove("flash");
    void document.body.offsetWidth;              // restart the animation
    document.body.classList.add("flash");        // iPhones cannot vibrate: a visible flash too
    try { if (navigator.vibrate) { navigator.vibrate([120, 80, 120]); } } catch (err) { /* not allowed */ }
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

  // Recover by ourselves: a fresh stream on wake-up, when Wi-Fi returns, or when it went quiet.
  function reconnect() {
    var live = document.getElementById("live");
    if (!live) { return; }
    if (source) { try { source.close(); } catch (err) { /* already closed */ } source = null; }
    var fresh = live.cloneNode(true);
    live.parentNode.replaceChild(fresh, live);
    htmx.process(fresh);
    lastMessage = Date.now();
    refresh();
  }
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") { reconnect(); keepAwake(attention); }
  });
  window.addEventListener("online", reconnect);
  window.addEventListener("pageshow", function (e) { if (e.persisted) { reconnect(); } });
  setInterval(function () {
    if (document.getElementById("live") && Date.now() - lastMessage > 40000) { reconnect(); }
  }, 5000);

  window.companion = {
    step: function (button, delta) {
      var input = button.parentNode.querySelector("input[type=number]");
      var v = (parseInt(input.value, 10) || 0) + delta;
      if (input.min !== "" && v < +input.min) { v = +input.min; }
      if (input.max !== "" && v > +input.max) { v = +input.max; }
      input.value = v;
    }
  };
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
 *   data-fill-region/-seat/-armies  Immortals board button: fill its form, mark it chosen
 *   [data-area] inside .mapcard     AGoT map: fill the host panel's control form with the area
 *   [data-lcg-timer]      LCG countdown; at zero submits the form named by data-autopass
 *   #lcg-host-pass        LCG host: space or P passes for the holder
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
    } else if ((el = closest(t, "[data-fill-region]"))) {
      var f = el.form;
      if (!f) { return; }
      f.region.value = el.dataset.fillRegion;
      f.seat.value = el.dataset.fillSeat;
      f.armies.value = el.dataset.fillArmies;
      f.querySelectorAll("[data-fill-region]").forEach(function (b) { b.classList.remove("on"); });
      el.classList.add("on");
    } else if (closest(t, ".mapcard") && t.getAttribute && t.getAttribute("data-area")) {
      var sel = document.querySelector("#agot-host-control select[name=area]");
      if (sel) { sel.value = t.getAttribute("data-area"); sel.scrollIntoView({block: "center"}); sel.focus(); }
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

  document.addEventListener("keydown", function (e) {
    if (/INPUT|SELECT|TEXTAREA/.test((document.activeElement || {}).tagName || "")) { return; }
    if (e.key === " " || e.key === "p" || e.key === "P") {
      var f = document.getElementById("lcg-host-pass");
      if (f) { e.preventDefault(); f.requestSubmit(); }
    }
  });

  // LCG: "prompt everyone the same way": count down the opportunity; a phone passes by itself at 0.
  var started = {};
  function timers(root) {
    root = root || document;
    var found = Array.prototype.slice.call(root.querySelectorAll("[data-lcg-timer]"));
    if (root.matches && root.matches("[data-lcg-timer]")) { found.push(root); }
    found.forEach(function (el) {
      if (el.dataset.ticking) { return; }
      el.dataset.ticking = "1";
      var opp = el.dataset.opp, secs = +el.dataset.lcgTimer;
      if (!started[opp]) { started[opp] = Date.now(); }
      (function tick() {
        if (!document.body.contains(el)) { return; }
        var left = Math.max(0, Math.ceil(secs - (Date.now() - started[opp]) / 1000));
        el.textContent = left + " s";
        if (left > 0) { setTimeout(tick, 250); return; }
        var form = el.dataset.autopass && document.getElementById(el.dataset.autopass);
        if (form && !form.dataset.sent) { form.dataset.sent = "1"; form.requestSubmit(); }
      })();
    });
  }
  document.addEventListener("htmx:load", function (e) { timers(e.detail && e.detail.elt); });
  document.addEventListener("DOMContentLoaded", function () { timers(document); });
})();
/* ==== end security: delegated handlers ==== */
