/* The job page's side column (from 1024 px, beside the posting). It sticks to the top of
 * the screen while it fits; when it is taller than the screen it sticks by its bottom
 * instead, so scrolling the page reaches every line of it and nothing is hidden inside
 * a box that scrolls on its own. */
(function () {
  "use strict";
  var aside = document.querySelector(".job-aside");
  if (!aside || !window.ResizeObserver) { return; }
  var GAP = 16;

  function place() {
    var room = window.innerHeight - aside.offsetHeight - GAP;
    aside.style.top = Math.min(GAP, room) + "px";
  }

  new window.ResizeObserver(place).observe(aside);
  window.addEventListener("resize", place);
  place();
})();
