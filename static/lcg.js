/* LCG: the page behaviour of its phones and TV (linked once per page by base/layout.html; registers
 * with window.Companion from static/app.js). Three parts:
 *   - windows that close by themselves ([data-lcg-countdown], issue 15), and the phone's buzz when a
 *     decision is its player's own ([data-lcg-buzz]); the window is announced when it opens and
 *     shortly before it closes (data-announce, data-warn), and a seat whose player chose no time
 *     limit (data-off, issue #36) reports only when its player taps Nothing or Wait;
 *   - "prompt everyone the same way" ([data-lcg-timer]) and the host's space bar (#lcg-host-pass);
 *   - the plot deck typed once per player, kept on this device ([data-lcg-deck-save/-offer]).
 */
(function () {
  "use strict";
  function read(k) { try { return JSON.parse(sessionStorage.getItem(k) || "null"); } catch (e) { return null; } }
  function write(k, v) { try { sessionStorage.setItem(k, JSON.stringify(v)); } catch (e) { /* private mode */ } }

  // -- windows close by themselves ---------------------------------------------------------------
  // Every phone shows the same countdown for the open round; at zero it submits "pass_ahead" for
  // its own player, with "wait" if they tapped Wait. Every phone thus sends exactly one request at
  // zero (another device counting the table's versions learns nothing), and a waiting player is
  // still asked in turn (seed 003 Page 6).
  function key(box) { return "lcg-cd:" + box.dataset.table + ":" + box.dataset.round; }

  function countdowns(root) {
    root.querySelectorAll("[data-lcg-countdown]").forEach(function (box) {
      if (box.dataset.ticking) { return; }
      box.dataset.ticking = "1";
      var k = key(box);
      var fresh = !read(k);
      var mine = read(k) || { start: Date.now(), waited: false };
      write(k, mine);
      // the seat's own limit may change while the window is open (More time): read it at each tick
      function secs() { return +box.dataset.seconds || 0; }
      function off() { return box.hasAttribute("data-off"); }
      if (fresh && box.dataset.announce) { Companion.announce(box.dataset.announce); }
      var out = box.querySelector("[data-left]");
      // the form is looked up when it is sent: a live update may have replaced it meanwhile, and a
      // detached form does not submit ("sent" is kept with the round, not on the element)
      function send(waited, stop) {
        var form = box.querySelector("form.lcg-ahead");
        var stored = read(k);
        if (mine.sent || (stored && stored.sent) || !form || !document.body.contains(form)) { return; }
        mine.sent = true; write(k, mine);
        if (waited && form.elements.wait) { form.elements.wait.value = "1"; }
        if (stop && form.elements.stop) { form.elements.stop.value = stop; }
        form.requestSubmit();
      }
      var wait = box.querySelector("[data-wait]"), nothing = box.querySelector("[data-nothing]");
      function waiting() {
        box.classList.add("waiting");
        if (wait) { wait.disabled = true; }
        if (nothing) { nothing.disabled = true; }
      }
      if (box.dataset.armed) { mine.waited = true; write(k, mine); }  // asked to be stopped here
      if (mine.waited) { waiting(); }
      if (wait) {
        wait.addEventListener("click", function () {
          mine.waited = true; write(k, mine); waiting();
          if (off()) { send(true, ""); }    // no countdown to wait for: the one report is now
        });
      }
      // Nothing: report now what the phone would report at zero (issue 24: when every phone has
      // said nothing the run closes at once). The same request as at zero, so nothing shows who.
      function reportNow(stop) {
        if (mine.sent || mine.waited) { return; }
        box.querySelectorAll("button").forEach(function (b) { b.disabled = true; });
        send(false, stop);
      }
      if (nothing) { nothing.addEventListener("click", function () { reportNow(""); }); }
      // Stop me later in this run: nothing now, the opportunity at the window picked (issue 24)
      box.querySelectorAll("[data-stop]").forEach(function (b) {
        b.addEventListener("click", function () { box.classList.add("stopping"); reportNow(b.dataset.stop); });
      });
      // warn once, a third of the way before zero (2 to 10 s), unless the player already answered
      var warned = false;
      (function tick() {
        if (!document.body.contains(box)) { return; }
        if (off()) { setTimeout(tick, 250); return; }
        var total = secs(), left = Math.max(0, Math.ceil(total - (Date.now() - mine.start) / 1000));
        out = box.querySelector("[data-left]");
        if (out) { out.textContent = left + " s"; }
        var warnAt = Math.min(10, Math.max(2, Math.ceil(total / 3)));
        if (!warned && left > 0 && left <= warnAt && !mine.sent && !mine.waited && box.dataset.warn) {
          warned = true;
          box.classList.add("closing");
          Companion.announce(box.dataset.warn.replace("{n}", left));
        }
        if (left > 0) { setTimeout(tick, 250); return; }
        send(mine.waited, "");
      })();
    });
  }
  // A countdown that lost the race (the round moved on) is not an error worth a toast.
  Companion.quietRefusal("form.lcg-ahead", 409);

  // The phone vibrates only when the decision is this player's own (seat.html marks it with
  // data-lcg-buzz and a key that changes with each new decision); never for a shared countdown.
  function buzz(root) {
    root.querySelectorAll("[data-lcg-buzz]").forEach(function (el) {
      var k = "lcg-buzz:" + el.dataset.lcgBuzz;
      if (read(k)) { return; }
      write(k, 1);
      // Chrome refuses (and logs) a vibration before the player touched the page once
      var touched = !navigator.userActivation || navigator.userActivation.hasBeenActive;
      if (navigator.vibrate && touched) { try { navigator.vibrate(120); } catch (e) { /* not allowed */ } }
    });
  }

  // -- "prompt everyone the same way": count down the opportunity; a phone passes by itself at 0 ---
  var started = {};
  function timers(root) {
    root.querySelectorAll("[data-lcg-timer]").forEach(function (el) {
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
  // The host's TV or phone: space or P passes for the holder of the opportunity.
  document.addEventListener("keydown", function (e) {
    if (/INPUT|SELECT|TEXTAREA/.test((document.activeElement || {}).tagName || "")) { return; }
    if (e.key === " " || e.key === "p" || e.key === "P") {
      var f = document.getElementById("lcg-host-pass");
      if (f) { e.preventDefault(); f.requestSubmit(); }
    }
  });

  // -- the plot deck, typed once per player --------------------------------------------------------
  // When the phone shows the seat's registered deck, it keeps a copy in this device's storage; at a
  // later table with no deck yet, it offers that copy with one tap (the form sends it as JSON to
  // "register_plots"). Only this player's own device holds it.
  var DECK = "lcg-plot-deck";
  function plotDeck(root) {
    root.querySelectorAll("template[data-lcg-deck-save]").forEach(function (t) {
      try {
        var deck = JSON.parse(t.innerHTML);
        if (Array.isArray(deck) && deck.length) { localStorage.setItem(DECK, JSON.stringify(deck)); }
      } catch (e) { /* storage off or bad data: nothing to keep */ }
    });
    root.querySelectorAll("[data-lcg-deck-offer]").forEach(function (box) {
      var deck = null;
      try { deck = JSON.parse(localStorage.getItem(DECK) || "null"); } catch (e) { deck = null; }
      if (!Array.isArray(deck) || !deck.length) { return; }
      box.querySelector("input[name=plots]").value = JSON.stringify(deck);
      box.querySelector("[data-count]").textContent = deck.length;
      box.hidden = false;
    });
  }

  Companion.onFragment(function (root) {
    countdowns(root);
    buzz(root);
    timers(root);
    plotDeck(root);
  });
})();
