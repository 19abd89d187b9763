// The replay's controls (base/replay.html): the slider jumps to its round, the keyboard's arrows
// step (links marked data-key), Escape goes back to live. No inline script: the CSP allows none.
(function () {
  document.addEventListener("change", function (e) {
    var el = e.target;
    if (el && el.hasAttribute && el.hasAttribute("data-autosubmit") && el.form) el.form.submit();
  });
  document.addEventListener("keydown", function (e) {
    if (e.target && /INPUT|TEXTAREA|SELECT/.test(e.target.tagName)) return;
    var link = document.querySelector('a[data-key="' + e.key + '"]');
    if (link) { e.preventDefault(); window.location.href = link.href; }
  });
})();
