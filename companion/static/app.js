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
    if (!t.dataset || !t.dataset.frag) { return; }
    var seen = {}, state = {};
    t.querySelectorAll("details").forEach(function (d) {
      state[detailsKey(d, seen)] = { open: d.open, served: d.dataset.served };
    });
    detailsState[t.id] = state;
  });
  document.addEventListener("htmx:afterSwap", function (e) {
    var t = e.detail.target;
    if (!t.dataset || !t.dataset.frag) { return; }
    var state = detailsState[t.id] || {}, seen = {};
    t.querySelectorAll("details").forEach(function (d) {
      var key = detailsKey(d, seen), served = d.open ? "1" : "0", before = state[key];
      d.dataset.served = served;
      if (before && before.served === served) { d.open = before.open; }
    });
  });

  // Attention: buzz once when the table starts waiting on this phone; keep the screen awake.
  document.addEventListener("htmx:afterSwap", function (e) {
    var el = e.detail.target.querySelector && e.detail.target.querySelector("[data-attention]");
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
