/* The start page (templates/base/start.html). One game's options are open at a time: on a phone,
 * opening a game below an open one closes the one above, the page shrinks above the reader, and they
 * are left looking at the page's end. The game just opened is brought back to the top of the screen.
 * On a TV the open game has its own panel and the page never moves, so nothing is scrolled there. */
(function () {
  "use strict";
  document.addEventListener("toggle", function (e) {
    var game = e.target;
    if (!(game instanceof HTMLDetailsElement) || !game.classList.contains("game") || !game.open) { return; }
    if (getComputedStyle(game).position === "absolute") { return; }
    var header = document.querySelector("header.top");
    var top = game.getBoundingClientRect().top;
    if (top < (header ? header.offsetHeight : 0) || top > innerHeight / 2) {
      game.scrollIntoView({ block: "start" });
    }
  }, true);  // toggle does not bubble: listen while it goes down to the details
})();
