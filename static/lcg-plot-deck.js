/* LCG: a player's plot deck is typed once. When the phone shows the seat's registered deck, it keeps
 * a copy in this device's storage; at a later table with no deck yet, it offers that copy with one
 * tap (the form sends it as JSON to "register_plots"). Only this player's own device holds it. */
(function () {
  "use strict";
  var KEY = "lcg-plot-deck";
  function scan(root) {
    (root || document).querySelectorAll("template[data-lcg-deck-save]").forEach(function (t) {
      try {
        var deck = JSON.parse(t.innerHTML);
        if (Array.isArray(deck) && deck.length) { localStorage.setItem(KEY, JSON.stringify(deck)); }
      } catch (e) { /* storage off or bad data: nothing to keep */ }
    });
    (root || document).querySelectorAll("[data-lcg-deck-offer]").forEach(function (box) {
      var deck = null;
      try { deck = JSON.parse(localStorage.getItem(KEY) || "null"); } catch (e) { deck = null; }
      if (!Array.isArray(deck) || !deck.length) { return; }
      box.querySelector("input[name=plots]").value = JSON.stringify(deck);
      box.querySelector("[data-count]").textContent = deck.length;
      box.hidden = false;
    });
  }
  if (window.lcgPlotDeck) { window.lcgPlotDeck.scan(document); return; }
  window.lcgPlotDeck = { scan: scan };
  document.addEventListener("htmx:load", function (e) { scan(document); });
  scan(document);
})();
