/* A Game of Thrones: the page behaviour of its phones and TV (linked once per page by
 * base/layout.html; registers with window.Companion from static/app.js). */
(function () {
  "use strict";

  // Special orders (★): once the house's allowance is used, the other selects stop offering them,
  // so the phone never offers what the rules would refuse (seed 000 p.11; the server checks it too).
  function limitStars(root) {
    root.querySelectorAll("form").forEach(function (form) {
      var mark = form.querySelector("[data-star-limit]");
      if (!mark) { return; }
      var limit = parseInt(mark.dataset.starLimit, 10) || 0;
      var used = form.querySelectorAll("option[data-star]:checked").length;
      form.querySelectorAll("option[data-star]").forEach(function (o) {
        o.disabled = used >= limit && !o.selected;
      });
    });
  }
  Companion.onFragment(limitStars);
  document.addEventListener("change", function (e) {
    if (e.target && e.target.form) { limitStars(e.target.form.parentNode || document); }
  });

  // The TV's map: tapping an area picks it in the host's control form and opens the drawer.
  document.addEventListener("click", function (e) {
    var el = e.target.closest && e.target.closest("svg.tvmap [data-area]");
    var sel = document.querySelector("#agot-host-control select[name=area]");
    if (!el || !sel) { return; }
    var area = el.getAttribute("data-area");
    if (!sel.querySelector("option[value='" + area + "']")) { return; }
    sel.value = area;
    document.body.classList.add("tv-drawer-open");
    sel.focus();
  });
})();
