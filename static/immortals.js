/* Immortals: the page behaviour of its phones (linked once per page by base/layout.html). Its plan's
 * "each card once" is the shared data-card / data-cap mechanism of static/app.js. */
(function () {
  "use strict";

  // "Correct the board": a region button (data-fill-region/-seat/-armies) fills its form with what
  // the companion holds there and marks itself chosen.
  document.addEventListener("click", function (e) {
    var el = e.target && e.target.closest && e.target.closest("[data-fill-region]");
    var f = el && el.form;
    if (!f) { return; }
    f.region.value = el.dataset.fillRegion;
    f.seat.value = el.dataset.fillSeat;
    f.armies.value = el.dataset.fillArmies;
    f.querySelectorAll("[data-fill-region]").forEach(function (b) { b.classList.remove("on"); });
    el.classList.add("on");
  });
})();
