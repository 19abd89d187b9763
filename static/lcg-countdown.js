/* LCG: windows close by themselves (issue 15). Every phone shows the same countdown for the open
 * round; at zero it submits "pass_ahead" for its own player, with "wait" if they tapped Wait. Every
 * phone thus sends exactly one request at zero (another device counting the table's versions learns
 * nothing), and a waiting player is still asked in turn. Loaded by lcg/_countdown.html (CSP:
 * script-src 'self', no inline code); safe to load many times. */
(function () {
  "use strict";
  if (window.lcgCountdown) { window.lcgCountdown.scan(document); window.lcgCountdown.buzz(document); return; }

  function key(box) { return "lcg-cd:" + box.dataset.table + ":" + box.dataset.round; }
  function read(k) { try { return JSON.parse(sessionStorage.getItem(k) || "null"); } catch (e) { return null; } }
  function write(k, v) { try { sessionStorage.setItem(k, JSON.stringify(v)); } catch (e) { /* private mode */ } }

  function scan(root) {
    (root || document).querySelectorAll("[data-lcg-countdown]").forEach(function (box) {
      if (box.dataset.ticking) { return; }
      box.dataset.ticking = "1";
      var k = key(box), secs = +box.dataset.seconds || 0;
      var mine = read(k) || { start: Date.now(), waited: false };
      write(k, mine);
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
        wait.addEventListener("click", function () { mine.waited = true; write(k, mine); waiting(); });
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
      (function tick() {
        if (!document.body.contains(box)) { return; }
        var left = Math.max(0, Math.ceil(secs - (Date.now() - mine.start) / 1000));
        if (out) { out.textContent = left + " s"; }
        if (left > 0) { setTimeout(tick, 250); return; }
        send(mine.waited, "");
      })();
    });
  }

  // A countdown that lost the race (the round moved on) is not an error worth a toast.
  document.addEventListener("htmx:beforeSwap", function (e) {
    var elt = e.detail && e.detail.requestConfig && e.detail.requestConfig.elt;
    if (elt && elt.closest && elt.closest("form.lcg-ahead") && e.detail.xhr && e.detail.xhr.status === 409) {
      e.detail.shouldSwap = false;
    }
  });
  document.addEventListener("htmx:load", function (e) {
    var el = e.detail && e.detail.elt;
    scan(el && el.querySelectorAll ? el : document);
    if (el && el.matches && el.matches("[data-lcg-countdown]")) { scan(el.parentNode || document); }
  });
  // The phone vibrates only when the decision is this player's own (seat.html marks it with
  // data-lcg-buzz and a key that changes with each new decision); never for a shared countdown.
  function buzz(root) {
    (root || document).querySelectorAll("[data-lcg-buzz]").forEach(function (el) {
      var k = "lcg-buzz:" + el.dataset.lcgBuzz;
      if (read(k)) { return; }
      write(k, 1);
      // Chrome refuses (and logs) a vibration before the player touched the page once
      var touched = !navigator.userActivation || navigator.userActivation.hasBeenActive;
      if (navigator.vibrate && touched) { try { navigator.vibrate(120); } catch (e) { /* not allowed */ } }
    });
  }
  document.addEventListener("htmx:load", function (e) {
    var el = e.detail && e.detail.elt;
    buzz(el && el.querySelectorAll ? (el.parentNode || document) : document);
  });
  window.lcgCountdown = { scan: scan, buzz: buzz };
  scan(document);
  buzz(document);
})();
