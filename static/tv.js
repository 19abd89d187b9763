/* The TV's few behaviours (no inline handlers: the page runs under script-src 'self').
   - [data-tv-toggle=join|drawer|reveal]: open/close the join panel, the host drawer, the last reveal.
   - [data-tv-open=drawer]: a banner that opens the drawer.
   - [data-tv-fullscreen]: full screen on/off.
   - [data-fit]: a zone whose content is too tall is scaled down step by step, never the page.
   - Escape closes whatever is open over the dashboard.
   Each is a disclosure (issue #36): its buttons say whether it is open (aria-expanded), the focus
   moves into what opens, and goes back to the button that opened it when it closes.
   A game's own TV behaviour (a map's tap, a host's key) lives in its static/<game folder>.js. */
(function () {
  "use strict";
  var body = document.body;

  function seatsFree() { return !!document.querySelector(".tv-frame.seats-free"); }

  // what is open, per part: the join panel (open by default while seats are free), the drawer, the
  // last reveal
  function isOpen(what) {
    if (what === "join") { return seatsFree() ? !body.classList.contains("tv-join-hidden") : body.classList.contains("tv-join-open"); }
    return body.classList.contains(what === "drawer" ? "tv-drawer-open" : "tv-show-reveal");
  }
  function panel(what) {
    return document.querySelector(what === "join" ? "#tv-join" : what === "drawer" ? "#tv-drawer" : ".tv-reveal-overlay");
  }
  function expanded() {
    ["join", "drawer", "reveal"].forEach(function (what) {
      var open = String(isOpen(what));
      document.querySelectorAll("[data-tv-toggle=" + what + "], [data-tv-open=" + what + "]").forEach(function (b) {
        if (b.closest("#tv-drawer, .tv-reveal-overlay, #tv-join")) { return; }   // a close button inside
        if (b.getAttribute("aria-expanded") !== open) { b.setAttribute("aria-expanded", open); }
      });
    });
  }
  var openedBy = {};
  function opened(what, by) {
    openedBy[what] = by && by !== body ? by : null;
    var box = panel(what);
    if (!box) { return; }
    // the part is drawn on the next frame (visibility): focus its first control then
    requestAnimationFrame(function () {
      var first = box.querySelector("button, a[href], input, select, textarea, summary, [tabindex]");
      if (first) { first.focus({ preventScroll: true }); }
    });
  }
  function closed(what) {
    var back = openedBy[what];
    openedBy[what] = null;
    if (!back || !document.contains(back)) {
      back = Array.prototype.find.call(document.querySelectorAll("[data-tv-toggle=" + what + "]"), function (b) {
        return !b.closest("#tv-drawer, .tv-reveal-overlay, #tv-join");
      });
    }
    var a = document.activeElement;
    if (back && (!a || a === body || panel(what) && panel(what).contains(a))) { back.focus({ preventScroll: true }); }
  }
  function toggle(what, by) {
    var was = isOpen(what);
    if (what === "join") {
      if (seatsFree()) { body.classList.toggle("tv-join-hidden"); body.classList.remove("tv-join-open"); }
      else { body.classList.toggle("tv-join-open"); }
    } else if (what === "drawer") {
      body.classList.toggle("tv-drawer-open");
    } else if (what === "reveal") {
      body.classList.toggle("tv-show-reveal");
      fitAll();
    }
    expanded();
    if (!was && isOpen(what)) { opened(what, by); } else if (was && !isOpen(what)) { closed(what); }
  }

  document.addEventListener("click", function (e) {
    var t = e.target.closest && e.target.closest("[data-tv-toggle], [data-tv-open], [data-tv-fullscreen]");
    if (!t) { return; }
    if (t.dataset.tvToggle) { toggle(t.dataset.tvToggle, t); }
    if (t.dataset.tvOpen === "drawer" && !isOpen("drawer")) { toggle("drawer", t); }
    if (t.hasAttribute("data-tv-fullscreen")) {
      if (document.fullscreenElement) { document.exitFullscreen().catch(function () {}); }
      else if (document.documentElement.requestFullscreen) {
        document.documentElement.requestFullscreen().catch(function () {});
      }
    }
  });
  document.addEventListener("keydown", function (e) {
    if (e.key !== "Escape") { return; }
    var was = ["drawer", "join", "reveal"].filter(function (w) { return isOpen(w) && (w !== "join" || !seatsFree()); });
    body.classList.remove("tv-drawer-open", "tv-join-open", "tv-show-reveal");
    expanded();
    was.forEach(closed);
  });

  // Shrink a zone's content until it fits (down to 55%), measured after every render and resize.
  function fit(el) {
    el.style.fontSize = "";
    var scale = 1;
    while (el.scrollHeight > el.clientHeight + 1 && scale > 0.56) {
      scale -= 0.06;
      el.style.fontSize = scale.toFixed(2) + "em";
    }
  }
  function fitAll() {
    var header = document.querySelector("body.tv .top");
    if (header) { body.style.setProperty("--ctl-w", header.offsetWidth + "px"); }
    document.querySelectorAll("[data-fit]").forEach(fit);
    document.querySelectorAll(".tv-strip").forEach(fitStrip);
  }
  // The strip: the "waiting for" list (or, while people join, the seats) and the game's own part
  // (round, phase, the last-reveal button) must not be cut.
  function over(el) { return el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1; }
  function fitStrip(strip) {
    var w = strip.querySelector(".tv-waiting, .seats-bar"), game = strip.querySelector(".tv-strip-game");
    var seats = w && w.classList.contains("seats-bar");
    strip.classList.remove("squeeze", "squeeze2");
    if (w) { w.classList.remove("tight", "wrap", "count"); }
    // one step at a time while anything is cut: names only (the free seats only), the reveal button's
    // icon only, no step note, two rows of names, a count
    [[w, "tight"], [strip, "squeeze"], [strip, "squeeze2"], [seats ? null : w, "wrap"], [w, "count"]].forEach(function (s) {
      if (s[0] && ((w && over(w)) || (game && over(game)))) { s[0].classList.add(s[1]); }
    });
  }
  document.addEventListener("htmx:afterSettle", function () { fitAll(); requestAnimationFrame(fitAll); expanded(); });
  document.addEventListener("DOMContentLoaded", expanded);
  window.addEventListener("load", fitAll);
  window.addEventListener("resize", fitAll);
  document.addEventListener("DOMContentLoaded", fitAll);
  window.companionTV = { fitAll: fitAll };
})();
