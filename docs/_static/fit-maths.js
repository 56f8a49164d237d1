// Formulas that do not fit their column. MathJax 3 does not break lines, and the theme lets a
// wide formula scroll with no visible scrollbar (cut off, on many systems). So, once MathJax has
// typeset the page, and again when the window changes size: a formula wider than its column
// is set smaller, down to MIN_SCALE of its size; one still too wide scrolls sideways, with a
// visible bar and a shadow on the side that has more (class "maths-scroll", course.css).
// document.documentElement.dataset.mathsFitted says when the page is done.
(function () {
  var MIN_SCALE = 0.8;

  function room(formula, display) {
    var block = display ? formula.parentElement : formula.parentElement.closest("p, li, dd, dt, td, th, div, section");
    if (!block) return Infinity;
    var style = getComputedStyle(block);
    return block.clientWidth - parseFloat(style.paddingLeft || 0) - parseFloat(style.paddingRight || 0);
  }

  function width(formula, display) {
    return display ? formula.scrollWidth : formula.getBoundingClientRect().width;
  }

  function fit(formula) {
    var display = formula.getAttribute("display") === "true";
    if (formula.dataset.baseSize === undefined) formula.dataset.baseSize = formula.style.fontSize || "100%";
    var base = parseFloat(formula.dataset.baseSize) || 100;
    formula.style.fontSize = formula.dataset.baseSize;
    formula.classList.remove("maths-scroll", "maths-shrunk");
    var available = room(formula, display);
    var wide = width(formula, display);
    if (!(available > 0) || wide <= available + 1) return;
    var scale = Math.max(available / wide, MIN_SCALE);
    formula.style.fontSize = (base * scale).toFixed(1) + "%";
    formula.classList.add("maths-shrunk");
    if (width(formula, display) > available + 1) formula.classList.add("maths-scroll");
  }

  function fitAll() {
    document.querySelectorAll("mjx-container").forEach(fit);
    document.documentElement.dataset.mathsFitted = "true";
  }

  function start() {
    var mathjax = window.MathJax;
    var ready = mathjax && mathjax.startup && mathjax.startup.promise;
    (ready ? ready : Promise.resolve()).then(fitAll, fitAll);
    var pending = null;
    window.addEventListener("resize", function () {
      clearTimeout(pending);
      pending = setTimeout(fitAll, 150);
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
