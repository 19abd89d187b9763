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

  // No text under MIN_PX CSS pixels, whatever the screen (issue #37: a 1280x720 laptop showed the
  // 1080 layout at 0.67, 10 px; a 1024x768 projector 7.5 px): an element whose own text computes
  // smaller is set to MIN_PX. The map's labels are SVG, sized with the map (see mapLabels).
  var MIN_PX = 12;
  function ownText(el) {
    for (var n = el.firstChild; n; n = n.nextSibling) {
      if (n.nodeType === 3 && n.nodeValue.trim()) { return true; }
    }
    return false;
  }
  // Floor the text under ``root``, leaving alone what ``skip`` says another pass floors.
  function floorWithin(root, skip) {
    root.querySelectorAll("[data-floor]").forEach(function (el) {
      if (!skip(el)) { el.style.fontSize = ""; delete el.dataset.floor; }
    });
    root.querySelectorAll("*").forEach(function (el) {
      if (skip(el) || !ownText(el) || el.closest("svg")) { return; }
      if (parseFloat(getComputedStyle(el).fontSize) < MIN_PX - 0.05) {
        el.style.fontSize = MIN_PX + "px";
        el.dataset.floor = "1";
      }
    });
  }
  // a fitted zone: all its text but a nested zone (its own fit floors it)
  function floorText(root) {
    floorWithin(root, function (el) { return el !== root && el.dataset.fit !== undefined; });
  }
  // the text outside every fitted zone (the strip, the controls, a stage that is not fitted)
  function floorOutside(root) {
    floorWithin(root, function (el) { return !!el.closest("[data-fit]"); });
  }
  // The map's area names and orders never under MIN_PX either: their size in map units grows when
  // the map is drawn small (a 720p laptop, a projector).
  function mapLabels() {
    mapWindows();
    document.querySelectorAll("svg.tvmap").forEach(function (svg) {
      var m = svg.getScreenCTM();
      if (m && m.a > 0) { svg.style.setProperty("--map-px", (1 / m.a).toFixed(4)); }
    });
  }
  // A map in a box narrower than Westeros (beside a combat, issue #37): the strip that fills the box,
  // the whole height, centred on the fight; a name the strip would cut is not drawn (whole or none).
  function mapWindows() {
    document.querySelectorAll("svg.tvmap[data-focus-x]").forEach(function (svg) {
      var W = +svg.dataset.mapW, H = +svg.dataset.mapH, cx = +svg.dataset.focusX;
      var r = svg.getBoundingClientRect();
      if (!r.width || !r.height) { return; }
      var w = Math.min(W, H * r.width / r.height);
      var x0 = Math.max(0, Math.min(W - w, cx - w / 2));
      svg.setAttribute("viewBox", x0.toFixed(2) + " 0 " + w.toFixed(2) + " " + H);
      svg.querySelectorAll("g.lbl").forEach(function (g) {
        g.style.display = "";
        var b = g.getBBox();
        if (b.x < x0 - 0.2 || b.x + b.width > x0 + w + 0.2) { g.style.display = "none"; }
      });
    });
  }
  // Shrink a zone's content until it fits (down to 55%, never a text under MIN_PX), measured after
  // every render and resize.
  function fit(el) {
    el.style.fontSize = "";
    floorText(el);
    var scale = 1;
    while (el.scrollHeight > el.clientHeight + 1 && scale > 0.56) {
      scale -= 0.06;
      el.style.fontSize = scale.toFixed(2) + "em";
      floorText(el);
    }
  }
  function fitAll() {
    var header = document.querySelector("body.tv .top");
    if (header) { body.style.setProperty("--ctl-w", header.offsetWidth + "px"); }
    mapLabels();
    document.querySelectorAll("[data-fit]").forEach(fit);
    document.querySelectorAll(".tv-frame, body.tv .top").forEach(floorOutside);
    document.querySelectorAll(".tv-strip").forEach(fitStrip);
    document.querySelectorAll(".tv-frame ol.log").forEach(wholeEntries);
  }
  // A log shows whole entries or none (issue #37: the last one was cut in half, or faded out): an
  // entry that does not fit whole in the space its panel has is hidden, with every older one; a
  // panel with room for no entry at all is hidden ("tv-log-none"), title included.
  function wholeEntries(list) {
    var panel = list.closest(".tv-panel") || list.parentElement;
    var items = Array.prototype.slice.call(list.children);
    items.forEach(function (li) { li.classList.remove("tv-cut"); });
    panel.classList.remove("tv-log-none");
    var box = list.getBoundingClientRect(), pane = panel.getBoundingClientRect();
    var bottom = Math.min(box.bottom, pane.bottom - parseFloat(getComputedStyle(panel).paddingBottom || 0)) + 0.5;
    var cut = false, shown = 0;
    items.forEach(function (li) {
      if (!cut && li.getBoundingClientRect().bottom > bottom) { cut = true; }
      if (cut) { li.classList.add("tv-cut"); } else { shown += 1; }
    });
    if (!shown && items.length) { panel.classList.add("tv-log-none"); }
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
    floorOutside(strip);
    [[w, "tight"], [strip, "squeeze"], [strip, "squeeze2"], [seats ? null : w, "wrap"], [w, "count"]].forEach(function (s) {
      if (s[0] && ((w && over(w)) || (game && over(game)))) { s[0].classList.add(s[1]); floorOutside(strip); }
    });
  }
  document.addEventListener("htmx:afterSettle", function () { fitAll(); requestAnimationFrame(fitAll); expanded(); });
  document.addEventListener("DOMContentLoaded", expanded);
  window.addEventListener("load", fitAll);
  window.addEventListener("resize", fitAll);
  document.addEventListener("DOMContentLoaded", fitAll);
  window.companionTV = { fitAll: fitAll };
})();
