// Point the ipywidgets HTML manager at its own copy in this site (its fonts and modules are
// looked up relative to the AMD module's path), so that nothing is fetched from elsewhere.
(function () {
  var here = document.currentScript.src.replace(/[^/]*$/, "");
  window.__jupyter_widgets_assets_path__ = here + "vendor/html-manager/";
  if (window.require && window.require.config) {
    window.require.config({
      // The widget modules are named AMD modules ("@jupyter-widgets/controls"); their fonts are
      // found beside the address requirejs gives the module, which would otherwise be the page's
      // own folder. The longer html-manager path wins for the manager itself.
      paths: {
        "@jupyter-widgets/html-manager/dist": here + "vendor/html-manager",
        "@jupyter-widgets": here + "vendor/html-manager",
      },
    });
  }
  // The widgets typeset their labels with MathJax 2's MathJax.Hub.Queue; the site ships
  // MathJax 3 (loaded with "defer", so it is there once the document is parsed): give the
  // widgets that one call on top of MathJax 3's typesetPromise.
  document.addEventListener("DOMContentLoaded", function () {
    var mathjax = window.MathJax;
    if (!mathjax || mathjax.Hub) {
      return;
    }
    mathjax.Hub = {
      Queue: function (job) {
        var element = Array.isArray(job) ? job[2] : null;
        var typeset = function () {
          return window.MathJax.typesetPromise(element ? [element] : undefined);
        };
        var ready = mathjax.startup && mathjax.startup.promise;
        (ready ? ready.then(typeset) : typeset()).catch(function () {});
      },
    };
  });
})();
